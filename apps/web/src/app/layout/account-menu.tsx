import { findRoute, ROLE_LABELS, type SessionUser, THEMES, type Theme } from '@stockyard/shared';
import { BookOpen, ChevronDown, LogOut, Settings } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { readTheme, saveTheme } from '@/lib/theme';

const THEME_LABELS: Record<Theme, string> = { light: 'Light', dark: 'Dark', system: 'System' };

export function AccountMenu({ user, onLogout }: { user: SessionUser; onLogout: () => void }) {
  const navigate = useNavigate();
  // Settings is offered once its page is in the route table.
  const settingsBuilt = findRoute('/settings') !== undefined;
  const [theme, setTheme] = useState<Theme>(readTheme);
  const chooseTheme = (value: string) => {
    saveTheme(value as Theme);
    setTheme(value as Theme);
  };
  return (
    <DropdownMenu>
      <DropdownMenuTrigger className="flex items-center gap-2 rounded-md px-2 py-1.5 text-sm hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring">
        <span
          aria-hidden
          className="flex h-8 w-8 items-center justify-center rounded-full bg-primary text-sm font-semibold text-primary-foreground"
        >
          {user.name.slice(0, 1).toUpperCase()}
        </span>
        {/* Named by what it shows (WCAG 2.5.3): "Account menu", then the name and role on a wide screen. */}
        <span className="sr-only">Account menu </span>
        <span className="hidden text-left leading-tight sm:block">
          <span className="block font-medium">{user.name}</span>{' '}
          <span className="block text-xs text-muted-foreground">{ROLE_LABELS[user.role]}</span>
        </span>
        <ChevronDown className="h-4 w-4 text-muted-foreground" aria-hidden />
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        <DropdownMenuLabel>
          My Account
          <span className="block text-xs font-normal text-muted-foreground">{user.email}</span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        {settingsBuilt ? (
          <DropdownMenuItem onSelect={() => navigate('/settings')}>
            <Settings className="h-4 w-4" aria-hidden /> Settings
          </DropdownMenuItem>
        ) : null}
        {/* A tab of its own, which sends this session with what it asks (README, Development). */}
        <DropdownMenuItem asChild>
          <a href="/api/docs" target="_blank" rel="noopener">
            <BookOpen className="h-4 w-4" aria-hidden /> API Documentation
          </a>
        </DropdownMenuItem>
        <DropdownMenuLabel className="text-xs font-medium text-muted-foreground">
          Theme
        </DropdownMenuLabel>
        <DropdownMenuRadioGroup value={theme} onValueChange={chooseTheme}>
          {THEMES.map((value) => (
            <DropdownMenuRadioItem key={value} value={value}>
              {THEME_LABELS[value]}
            </DropdownMenuRadioItem>
          ))}
        </DropdownMenuRadioGroup>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={onLogout}>
          <LogOut className="h-4 w-4" aria-hidden /> Logout
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
