import { type ReactNode, use } from 'react';
import { Navigate, useLocation } from 'react-router';
import { sessionChecked } from '@/features/auth/api/profile';
import { firstPaint } from '@/lib/first-paint';
import { useSession } from '@/lib/session';

/**
 * Waits while the stored session is confirmed (it suspends: the Suspense around it shows the
 * page's frame and its spinner), and sends a signed-out visitor to /login.
 */
export function ProtectedRoute({ children }: { children: ReactNode }) {
  const session = useSession();
  const location = useLocation();

  // With its query, so that a list opens on the same page and filters after signing in.
  if (!session)
    return <Navigate to="/login" replace state={{ from: location.pathname + location.search }} />;
  use(sessionChecked(session.token));
  // The shell's code is fetched as it renders: not before the frame is on the screen.
  use(firstPaint());
  return children;
}
