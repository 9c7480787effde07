import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { PageIntro } from '@/components/page-intro';
import { Spinner } from '@/components/ui/spinner';
import { firstPaint } from '@/lib/first-paint';
import { introOf } from '@/lib/page-intros';
import { useSession } from '@/lib/session';
import { pageTitle } from './page-title';
import { pageShown } from './pages';

/**
 * What a signed-in page shows while the session is confirmed, the shell's code loads and the
 * device's copy is put back: the shell's frame (its header bar with the section's name), the
 * page's intro where it has a fixed one, and the loading spinner. Laid out as the shell lays out
 * (app-shell.tsx, header.tsx), so that nothing moves when the page replaces it, and small: it is
 * part of the first code a visit loads. `onPainted` runs once the frame has been painted.
 */
export function PageFrame({ onPainted }: { onPainted?: () => void }) {
  const { pathname } = useLocation();
  useEffect(() => {
    let gone = false;
    if (onPainted) void firstPaint().then(() => gone || onPainted());
    return () => {
      gone = true;
    };
  }, [onPainted]);
  const session = useSession();
  const page = pageShown(pathname, session?.user);
  const intro = page ? introOf(page, session?.user) : null;
  return (
    <div className="min-h-screen lg:grid lg:grid-cols-[16rem_1fr]">
      <div className="sticky top-0 hidden h-screen border-r border-border lg:block" />
      <div className="flex min-w-0 flex-col">
        <div className="sticky top-0 z-30 flex h-16 items-center gap-3 border-b border-border bg-card/95 px-4 backdrop-blur lg:px-6">
          <p className="flex-1 truncate pl-12 text-lg font-semibold lg:pl-0">
            {pageTitle(page === '/' ? '/' : pathname)}
          </p>
        </div>
        <div className="flex-1 p-4 lg:p-6">
          <div className="space-y-6">
            {intro ? <PageIntro intro={intro} heading={false} /> : null}
            <div className="flex justify-center py-16">
              <Spinner />
            </div>
          </div>
        </div>
      </div>
    </div>
  );
}
