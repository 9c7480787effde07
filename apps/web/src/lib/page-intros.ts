import { ownLocation, type SessionUser } from '@stockyard/shared';

/** What a page says it is, above everything else on it: its heading and a line under it. */
export type Intro = { heading: string; description: string };

/** "Materials at Riverside Site." for a user of one location, else the "every location" text. */
function atOwnLocation(user: SessionUser | undefined, own: string, every: string): string {
  const location =
    user && ownLocation(user) !== null ? (user.location?.name ?? 'your location') : null;
  return location === null ? every : `${own} ${location}.`;
}

/**
 * The intro of each page that has a fixed one (read from the signed-in user only, never from data):
 * the page draws it, and the frame shown while the session is confirmed and the page's code loads
 * draws the same text in the same place (app/page-frame.tsx), so that the page is recognisable at
 * once and its largest text is painted with the frame, not after its reads.
 */
export const INTROS = {
  dashboard: (): Intro => ({
    heading: 'Dashboard',
    description: 'What is in stock, out on rent and waiting, for the period you choose.',
  }),
  inventory: (user: SessionUser | undefined): Intro => ({
    heading: 'Inventory Management',
    description: `${atOwnLocation(user, 'Materials at', 'Materials at every location.')} Choose an item to see its stock history.`,
  }),
  catalogue: (): Intro => ({
    heading: 'Catalogue',
    description:
      'Every material the company owns, with its stock at every location together. Choose one to see its stock at each location.',
  }),
  materialRentals: (): Intro => ({
    heading: 'Material Rentals',
    description: 'Material out on rent between locations, what has come back and what is late.',
  }),
  rentalRequests: (): Intro => ({
    heading: 'Rental Requests',
    description: 'Requests for material, pending until an admin approves or rejects them.',
  }),
  staff: (): Intro => ({
    // 03 sections 2.2 and 8.
    heading: 'Staff Management',
    description:
      'The people of your site and their details: position, department, contacts and emergency contact.',
  }),
  attendance: (): Intro => ({
    // 03 sections 2.3 and 8.
    heading: 'Staff Attendance',
    description: "Who came, when, and where: each day's marks and each person's month.",
  }),
  invoices: (user: SessionUser | undefined): Intro => ({
    heading: 'Invoices',
    description: `${atOwnLocation(user, 'Invoices of', 'Invoices of every location.')} Open one to see its items, its preview and its credit notes.`,
  }),
  users: (): Intro => ({
    heading: 'User Management',
    description: 'Accounts, roles and permissions.',
  }),
  locations: (): Intro => ({
    heading: 'Location Management',
    description: 'Yards and field sites, and their status.',
  }),
} satisfies Record<string, (user: SessionUser | undefined) => Intro>;

const BY_PATH: Record<string, (user: SessionUser | undefined) => Intro> = {
  '/': INTROS.dashboard,
  '/inventory': INTROS.inventory,
  '/catalogue': INTROS.catalogue,
  '/material-rentals': INTROS.materialRentals,
  '/rental-requests': INTROS.rentalRequests,
  '/staff': INTROS.staff,
  '/attendance': INTROS.attendance,
  '/invoices': INTROS.invoices,
  '/users': INTROS.users,
  '/locations': INTROS.locations,
};

/** The intro of the page of a route (its path in the route table), if it has a fixed one. */
export function introOf(routePath: string, user: SessionUser | undefined): Intro | null {
  return BY_PATH[routePath]?.(user) ?? null;
}
