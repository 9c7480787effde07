import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useSessionCheck } from '@/features/auth/api/profile';
import { useSession } from '@/lib/session';

/** Shows the spinner while the stored session is confirmed, and sends a signed-out visitor to /login. */
export function ProtectedRoute({
  children,
  fallback,
}: {
  children: ReactNode;
  fallback: ReactNode;
}) {
  const session = useSession();
  const location = useLocation();
  const { checking } = useSessionCheck(session);

  // With its query, so that a list opens on the same page and filters after signing in.
  if (!session)
    return <Navigate to="/login" replace state={{ from: location.pathname + location.search }} />;
  if (checking) return fallback;
  return children;
}
