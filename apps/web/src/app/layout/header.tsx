import type { SessionUser } from '@stockyard/shared';
import { Menu } from 'lucide-react';
import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { pageTitle } from '../page-title';
import { AccountMenu } from './account-menu';

export function Header({
  user,
  onOpenMenu,
  onLogout,
  actions,
}: {
  user: SessionUser;
  onOpenMenu: () => void;
  onLogout: () => void;
  /** Header controls contributed by features (the notification bell). */
  actions?: ReactNode;
}) {
  const { pathname } = useLocation();
  return (
    <header className="sticky top-0 z-30 flex h-16 items-center gap-3 border-b border-border bg-card/95 px-4 backdrop-blur lg:px-6">
      <button
        type="button"
        className="rounded-md p-2 hover:bg-muted lg:hidden"
        onClick={onOpenMenu}
        aria-label="Open navigation"
      >
        <Menu className="h-5 w-5" />
      </button>
      <p className="flex-1 truncate text-lg font-semibold" data-testid="section-title">
        {pageTitle(pathname)}
      </p>
      {actions}
      <AccountMenu user={user} onLogout={onLogout} />
    </header>
  );
}
