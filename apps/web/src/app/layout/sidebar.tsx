import { type SessionUser, sidebarRoutes } from '@stockyard/shared';
import { LogOut } from 'lucide-react';
import { NavLink } from 'react-router';
import { NAV_ICONS } from './nav-icons';

/** The side navigation, built from the shared route table: the pages this user may open. */
export function Sidebar({
  user,
  onNavigate,
  onLogout,
}: {
  user: SessionUser;
  onNavigate?: () => void;
  onLogout: () => void;
}) {
  return (
    <div className="flex h-full flex-col bg-card">
      <div className="flex h-16 items-center gap-3 border-b border-border px-5">
        <img src="/favicon.svg" alt="Stockyard logo" className="h-8 w-8" />
        <div className="leading-tight">
          <p className="font-semibold">Stockyard</p>
          <p className="text-xs text-muted-foreground">Material Rental System</p>
        </div>
      </div>
      <nav aria-label="Main" className="flex-1 space-y-1 overflow-y-auto p-3">
        {sidebarRoutes(user).map((route) => {
          const Icon = NAV_ICONS[route.icon!];
          return (
            <NavLink
              key={route.path}
              to={route.path}
              end={route.path === '/'}
              onClick={onNavigate}
              // Joined, not merged by cn: the parts never conflict, and tailwind-merge's first merge
              // builds its class map, some 150 ms of a phone's main thread at start.
              className={({ isActive }) =>
                `flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium transition-colors ${
                  isActive
                    ? 'bg-accent text-primary'
                    : 'text-muted-foreground hover:bg-muted hover:text-foreground'
                }`
              }
            >
              <Icon className="h-4 w-4" aria-hidden />
              {route.name}
            </NavLink>
          );
        })}
      </nav>
      <div className="border-t border-border p-3">
        <button
          type="button"
          onClick={onLogout}
          className="flex w-full items-center gap-3 rounded-md px-3 py-2 text-sm font-medium text-muted-foreground hover:bg-muted hover:text-foreground"
        >
          <LogOut className="h-4 w-4" aria-hidden />
          Logout
        </button>
      </div>
    </div>
  );
}
