/** LOC-001, MAT-042: a display id padded to three digits (the exports write it too). */
export { displayId } from '@stockyard/shared';

/** "Showing x to y of n items" for a page of a list. */
export function showingRange(page: number, pageSize: number, total: number, noun: string): string {
  if (total === 0) return `Showing 0 to 0 of 0 ${noun}`;
  const from = (page - 1) * pageSize + 1;
  const to = Math.min(page * pageSize, total);
  return `Showing ${from} to ${to} of ${total} ${noun}`;
}
