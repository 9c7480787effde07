/**
 * A record's id as the lists show it: `LOC-007` (and as their exports write it). A module of its
 * own, with no schema, so that the sign-in page's bundle does not carry the exports' schemas.
 */
export function displayId(prefix: string, id: number): string {
  return `${prefix}-${String(id).padStart(3, '0')}`;
}
