import { ROLE_LABELS, type SessionUser } from '@stockyard/shared';
import { type ExportColumn, instantDay } from '../../lib/list-export';

/** The Users list's export: its columns as the screen shows them (the User column's e-mail apart). */
export const USER_COLUMNS: readonly ExportColumn<SessionUser>[] = [
  { header: 'User', cell: (u) => u.name },
  { header: 'Email', cell: (u) => u.email },
  { header: 'Role', cell: (u) => ROLE_LABELS[u.role] },
  { header: 'Location', cell: (u) => u.location?.name ?? null },
  { header: 'Status', cell: (u) => (u.status ? 'Active' : 'In Active') },
  { header: 'Last Login', cell: (u) => instantDay(u.lastLogin) },
];
