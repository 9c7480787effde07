import { MAX_MATERIAL_QUANTITY } from './materials';

/**
 * A material rental's statuses, labels, messages and the rules both ends share (what is still out,
 * what a rental still accepts), and no schema (decision 074): a screen that shows a rental imports
 * them without building the rentals' zod schemas, which schemas/material-rentals.ts makes from
 * them.
 */

/**
 * A rental is out (ACTIVE, OVERDUE past its expected return) or RETURNED. What went missing or came
 * back damaged is said per line by each return; a rental is never written off whole.
 */
export const RENTAL_STATUSES = ['ACTIVE', 'RETURNED', 'OVERDUE'] as const;
export type RentalStatus = (typeof RENTAL_STATUSES)[number];

/**
 * What a rental row stores: OVERDUE is never stored, it is derived (ACTIVE with an expected return
 * before today). An update that sends OVERDUE keeps the rental ACTIVE.
 */
export const STORED_RENTAL_STATUSES = ['ACTIVE', 'RETURNED'] as const;
export type StoredRentalStatus = (typeof STORED_RENTAL_STATUSES)[number];

export const RENTAL_STATUS_LABELS: Record<RentalStatus, string> = {
  ACTIVE: 'Active',
  RETURNED: 'Returned',
  OVERDUE: 'Overdue',
};

/**
 * What the rental figures are called wherever they are shown (PRODUCT-DECISIONS: figures name what
 * they count). A rental is a record, an item a unit: a count of rentals says Rentals, a quantity
 * says Items, and no word stands for both. The items balance: rented = returned (good) + damaged +
 * lost (together written off the rental) + outstanding (still out on ACTIVE rentals).
 */
export const RENTAL_FIGURE_LABELS = {
  totalRentals: 'Total Rentals',
  activeRentals: 'Active Rentals',
  returnedRentals: 'Returned Rentals',
  overdueRentals: 'Overdue Rentals',
  itemsRented: 'Items Rented',
  itemsReturned: 'Items Returned',
  itemsWrittenOff: 'Items Lost or Damaged',
  itemsDamaged: 'Items Damaged',
  itemsLost: 'Items Lost',
  itemsOutstanding: 'Items Outstanding',
  /** The dashboard's figure: the items out on ACTIVE rentals now (the outstanding ones). */
  itemsOutOnRental: 'Items Out on Rental',
  /** A rental's row: its items (units), and the materials (lines) they are of. */
  itemsOfMaterials: (items: number, materials: number) =>
    `${items} ${items === 1 ? 'item' : 'items'}, ${materials} ${materials === 1 ? 'material' : 'materials'}`,
} as const;

/** A rental's number as every screen shows it, and as notices write it (rental #3). */
export function rentalNumber(rental: { id: number }): string {
  return `#${rental.id}`;
}

/** A rental as a dialog names it: Rental #3. */
export function rentalName(rental: { id: number }): string {
  return `Rental ${rentalNumber(rental)}`;
}

/** The rental a search names by its number, '#12' or '12', or null for any other search. */
export function rentalNumberSearched(search: string | undefined): number | null {
  const match = /^#?\s*(\d{1,9})$/.exec(search?.trim() ?? '');
  return match ? Number(match[1]) : null;
}

/** How many items one rental holds at most. */
export const MAX_RENTAL_ITEMS = 100;

export const RENTAL_MESSAGES = {
  // 02 section 5, Rental assignment (word for word).
  fromLocationRequired: 'Location is required',
  toLocationRequired: 'Rented to location is required',
  expectedReturnDateRequired: 'Expected return date is required',
  expectedReturnDatePast: 'Expected return date cannot be in the past.',
  itemsRequired: 'At least one item is required',
  sameLocations: 'From and To locations cannot be the same.',
  // Each item: a material, a quantity of at least 1, a unit.
  materialRequired: 'Material is required',
  quantityMin: 'Quantity must be at least 1',
  unitRequired: 'Unit is required',
  quantityMax: `Quantity must be at most ${MAX_MATERIAL_QUANTITY}`,
  duplicateMaterial: 'This material is already in the list',
  tooManyItems: `A rental can hold at most ${MAX_RENTAL_ITEMS} items`,
  statusInvalid: `Status must be one of ${RENTAL_STATUSES.join(', ')}`,
  // 02 section 5, Return (word for word).
  returnItemRequired: 'Please select an item to return.',
  returnQuantityMin: 'Quantity must be at least 1',
  returnOverRemainder: 'Cannot return more than the remaining quantity.',
  // Condition per line.
  returnConditionMin: 'At least 1 item must come back good, damaged or lost',
  // The server's refusals.
  notFound: 'Rental not found',
  itemNotFound: 'Rental item not found',
  materialNotAtFromLocation: 'Every material must be at the From location',
  alreadyReturned: 'This rental has already been returned.',
  deleteAfterReturn: 'A rental with returns cannot be deleted: mark it returned instead.',
  itemsLockedAfterReturn: 'The items and the From location of a rental with returns cannot change.',
  fromLocationInactive: 'The From location is inactive',
  toLocationInactive: 'The Rented To location is inactive',
  // 02 section 8 and the success lines.
  returnFailed: 'Failed to record return.',
  historyFailed: 'Failed to load return history.',
  created: 'Rental created successfully.',
  updated: 'Rental updated successfully.',
  deleted: 'Rental deleted successfully.',
  markedReturned: 'Rental marked as fully returned.',
  returnRecorded: 'Return recorded successfully.',
  // The device's copy in one call.
  sinceInvalid: 'Since must be a date and time, such as 2026-01-31T08:00:00.000Z',
  withReturnsFetched: 'Rentals and their returns fetched',
  // 03 section 2.9, the page's lines.
  loading: 'Loading rentals...',
  empty: 'No rentals found.',
  searchPlaceholder: 'Search rental #, materials, locations...',
  yourLocation: 'Your Location',
  scrollHint: 'Scroll to see more locations',
  filteredByLocation: '(Filtered by your location)',
  pendingReturn: (n: number) => `${n} items pending return`,
  displaying: (shown: number, total: number) => `Displaying ${shown} of ${total} rental records`,
  showing: (from: number, to: number, total: number) =>
    `Showing ${from} to ${to} of ${total} rentals`,
} as const;

/** A yyyy-MM-dd before `today` (yyyy-MM-dd). */
export function isPastDate(date: string, today: string): boolean {
  return date.slice(0, 10) < today;
}

/**
 * A rental's line: rented, and come back good (`quantityActuallyReturned`), damaged and lost
 * (none when not given).
 */
export type RentalItemLike = {
  id?: number;
  quantity: number;
  quantityActuallyReturned: number;
  quantityDamaged?: number;
  quantityLost?: number;
};
type LineCounts = Pick<
  RentalItemLike,
  'quantity' | 'quantityActuallyReturned' | 'quantityDamaged' | 'quantityLost'
>;

/** What is no longer out of a line: back good, damaged or lost. */
export function settled(item: Omit<LineCounts, 'quantity'>): number {
  return item.quantityActuallyReturned + (item.quantityDamaged ?? 0) + (item.quantityLost ?? 0);
}

/** Rented minus what came back good, damaged or lost (02 section 4): still out. */
export function remaining(item: LineCounts) {
  return Math.max(0, item.quantity - settled(item));
}

/**
 * A rental's items in the one balance of every rental figure: rented = returned (good) + damaged
 * + lost (together written off) + outstanding (what is still out).
 */
export function rentalItemFigures(rental: { items: Array<LineCounts> }) {
  const sum = (of: (item: (typeof rental.items)[number]) => number) =>
    rental.items.reduce((total, item) => total + of(item), 0);
  const damaged = sum((item) => item.quantityDamaged ?? 0);
  const lost = sum((item) => item.quantityLost ?? 0);
  return {
    rented: sum((item) => item.quantity),
    returned: sum((item) => item.quantityActuallyReturned),
    damaged,
    lost,
    writtenOff: damaged + lost,
    outstanding: sum(remaining),
  };
}

export function isFullyReturned(item: LineCounts) {
  return remaining(item) === 0;
}

/** ACTIVE with an expected return before `today` (yyyy-MM-dd). */
export function isOverdue(
  rental: { status: string; expectedReturnDate: string },
  today: string,
): boolean {
  const status = rental.status.toUpperCase();
  return (
    (status === 'ACTIVE' || status === 'OVERDUE') && isPastDate(rental.expectedReturnDate, today)
  );
}

/** The status a rental shows: its stored one, OVERDUE when ACTIVE past its expected return. */
export function effectiveRentalStatus(
  rental: { status: string; expectedReturnDate: string },
  today: string,
): RentalStatus {
  if (isOverdue(rental, today)) return 'OVERDUE';
  const status = rental.status.toUpperCase();
  if (status === 'OVERDUE') return 'ACTIVE';
  return (RENTAL_STATUSES as readonly string[]).includes(status)
    ? (status as RentalStatus)
    : 'ACTIVE';
}

/** Whether returns can still be taken: not returned and not written off. */
export function acceptsReturns(rental: { status: string }): boolean {
  const status = rental.status.toUpperCase();
  return status === 'ACTIVE' || status === 'OVERDUE';
}

/**
 * What a rental still accepts, each a refusal (the message the server answers 409 with) or null:
 * the one rule of the server's checks and of the screens' offers. A returned or written-off
 * rental takes no return, no change of status, items or From location, and is not deleted; once
 * something has come back, the items and the From location stay and the rental is not deleted
 * (it is marked returned instead). Its destination, expected return date and notes can change.
 */
export function rentalRefusals(rental: {
  status: string;
  items: ReadonlyArray<Omit<LineCounts, 'quantity'>>;
}) {
  const closed = acceptsReturns(rental) ? null : RENTAL_MESSAGES.alreadyReturned;
  const returned = rental.items.some((item) => settled(item) > 0);
  return {
    /** A return, or Mark Full Returned. */
    returns: closed,
    /** Another status than its own. */
    status: closed,
    /** Other items or another From location. */
    items: closed ?? (returned ? RENTAL_MESSAGES.itemsLockedAfterReturn : null),
    delete: closed ?? (returned ? RENTAL_MESSAGES.deleteAfterReturn : null),
  };
}

export const RENTAL_ITEM_FINAL_STATUSES = {
  full: 'Fully Returned',
  partial: 'Partially Returned',
  none: 'Not Returned',
} as const;

/** An item's final status line of the Return History dialog. */
export function rentalItemFinalStatus(item: LineCounts): string {
  if (isFullyReturned(item)) return RENTAL_ITEM_FINAL_STATUSES.full;
  return settled(item) > 0 ? RENTAL_ITEM_FINAL_STATUSES.partial : RENTAL_ITEM_FINAL_STATUSES.none;
}
