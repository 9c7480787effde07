import { formatDistanceToNow } from 'date-fns';

/** LOC-001, MAT-042: a display id padded to three digits. */
export function displayId(prefix: string, id: number): string {
  return `${prefix}-${String(id).padStart(3, '0')}`;
}

/** dd/mm/yyyy, or '-' when there is no date. */
export function formatDate(value: string | Date | null | undefined): string {
  if (!value) return '-';
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return '-';
  const dd = String(date.getDate()).padStart(2, '0');
  const mm = String(date.getMonth() + 1).padStart(2, '0');
  return `${dd}/${mm}/${date.getFullYear()}`;
}

export function relativeTime(value: string | Date): string {
  return formatDistanceToNow(typeof value === 'string' ? new Date(value) : value, {
    addSuffix: true,
  });
}

/** "Showing x to y of n items" for a page of a list. */
export function showingRange(page: number, pageSize: number, total: number, noun: string): string {
  if (total === 0) return `Showing 0 to 0 of 0 ${noun}`;
  const from = (page - 1) * pageSize + 1;
  const to = Math.min(page * pageSize, total);
  return `Showing ${from} to ${to} of ${total} ${noun}`;
}
