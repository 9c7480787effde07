/**
 * A rental request's statuses, labels, limits, messages and the rules both ends share (the rentals
 * a request makes, its totals), and no schema (decision 074): a screen that shows a request imports
 * them without building the requests' zod schemas, which schemas/rental-requests.ts makes from
 * them.
 */

export const RENTAL_REQUEST_STATUSES = ['PENDING', 'APPROVED', 'REJECTED'] as const;
export type RentalRequestStatus = (typeof RENTAL_REQUEST_STATUSES)[number];

export const RENTAL_REQUEST_STATUS_LABELS: Record<RentalRequestStatus, string> = {
  PENDING: 'Pending',
  APPROVED: 'Approved',
  REJECTED: 'Rejected',
};

/** A request's decisions: what approve and reject set. */
export type RentalRequestDecision = Exclude<RentalRequestStatus, 'PENDING'>;

/** The status compares case-insensitively; anything not decided is pending. */
export function rentalRequestStatusOf(status: string | null | undefined): RentalRequestStatus {
  const upper = (status ?? '').trim().toUpperCase();
  return upper === 'APPROVED' || upper === 'REJECTED' ? upper : 'PENDING';
}

/** The label of each material of a request (02 section 4): Available, Unavailable or Pending. */
export function requestItemStatusLabel(
  status: string | null | undefined,
): 'Available' | 'Unavailable' | 'Pending' {
  const decided = rentalRequestStatusOf(status);
  return decided === 'APPROVED' ? 'Available' : decided === 'REJECTED' ? 'Unavailable' : 'Pending';
}

/** The bulk form's default unit (02 section 9). */
export const DEFAULT_REQUEST_UNIT = 'EACH';

/** How many materials one request holds at most, and the largest quantity of one. */
export const MAX_REQUEST_ITEMS = 200;
export const MAX_REQUEST_QUANTITY = 1_000_000;

export const RENTAL_REQUEST_MESSAGES = {
  // 02 section 5, word for word.
  nameRequired: 'Material Name is required',
  quantityMin: 'Quantity must be at least 1',
  quantityInvalid: 'Please enter a valid quantity',
  unitRequired: 'Unit is required',
  requestedDateRequired: 'Requested date is required',
  returnDateRequired: 'Return date is required',
  descriptionMin: 'Description must be at least 10 characters',
  locationRequired: 'Location is required',
  locationInvalid: 'Please select a valid location',
  returnDatePast: 'Return date cannot be in the past',
  itemsRequired: 'At least one material must be added to the request list',
  // Where the spec names a rule and no message.
  materialRequired: 'Please select a material',
  itemNameRequired: 'Material name is required',
  returnBeforeRequested: 'Return date cannot be before the requested date',
  quantityMax: `Quantity must be at most ${MAX_REQUEST_QUANTITY}`,
  tooManyItems: `A request can hold at most ${MAX_REQUEST_ITEMS} materials`,
  notesRequired: 'Notes are required',
  materialNotRequestable: 'A material requested must be in the stock of an active location',
  // Create Rental from a request (one rental per source, PRODUCT-DECISIONS).
  notApprovedForRental: 'Only an approved request of the Rented To location can become a rental',
  hasRental: 'This request already has a rental',
  hasRentalFrom: (requestId: number, from: string, rentalId: number) =>
    `Request #${requestId} already has a rental from ${from}: Rental #${rentalId}`,
  nothingFrom: (requestId: number, from: string) =>
    `Request #${requestId} asks for nothing from ${from}`,
  // The server's refusals.
  notFound: 'Rental request not found',
  alreadyDecided: (status: RentalRequestDecision) =>
    `This request has already been ${status === 'APPROVED' ? 'approved' : 'rejected'}.`,
  notesOfPending: 'Only the notes of an approved or rejected request can be edited.',
  // 02 section 8: toasts, titled Error.
  noUser: 'User not authenticated. Cannot submit request.',
  submitFailed: 'Failed to submit material request. Please try again.',
  loadFailed: (what: string) => `Could not load ${what}. Please try again later.`,
  listLoad: 'Failed to fetch rental requests',
  decisionFailed: (decision: 'approve' | 'reject') => `Failed to ${decision} request`,
  notesFailed: 'Failed to update notes',
  // Screens.
  notFoundTitle: 'Request Not Found',
  notFoundText: 'The request you are looking for does not exist or you cannot see it.',
  empty: 'No rental requests found.',
  // Successes (their wording is not shown by the spec).
  submitted: 'Request Submitted',
  submittedText:
    'Your material request has been submitted and is pending approval. You will be notified when it is decided.',
  approved: 'Request Approved',
  rejected: 'Request Rejected',
  notesUpdated: 'Notes Updated',
} as const;

/**
 * The earliest date that is still today somewhere (UTC-12): the server's today for "not in the
 * past", so that no browser's today, wherever it is, is refused as the past.
 */
export function earliestToday(now: Date = new Date()): string {
  return new Date(now.getTime() - 12 * 60 * 60 * 1000).toISOString().slice(0, 10);
}

/**
 * The locations a request asks stock from, in the order its items name them: the sources of its
 * items but the delivery location itself (already there) and free-text ones (no source). A
 * request makes one rental per source; a request with none (asked by name) makes one rental,
 * from wherever the admin picks.
 */
export function requestSourceIds(
  items: readonly { sourceLocationId: number | null }[],
  deliveryLocationId: number,
): number[] {
  const ids = items.flatMap((item) =>
    item.sourceLocationId === null || item.sourceLocationId === deliveryLocationId
      ? []
      : [item.sourceLocationId],
  );
  return [...new Set(ids)];
}

type Place = { id: number; name: string };
/** A request's item as requestDispatches reads it (RentalRequestItemDto is one). */
type RequestItemSource = { sourceLocationId: number | null; sourceLocation: Place | null };

/** A rental a request makes: from one source (null: the admin picks), with its items and its rental once made. */
export type RequestDispatch<Item extends RequestItemSource = RequestItemSource> = {
  from: Place | null;
  items: Item[];
  rental: { id: number } | null;
};

/** What Create Rental offers for a request: one dispatch per source (requestSourceIds). */
export function requestDispatches<Item extends RequestItemSource>(request: {
  locationId: number;
  items: Item[];
  rentals: readonly { id: number; fromLocation: Place }[];
}): RequestDispatch<Item>[] {
  const sources = requestSourceIds(request.items, request.locationId);
  if (sources.length === 0) {
    const [rental] = request.rentals;
    return [{ from: null, items: request.items, rental: rental ? { id: rental.id } : null }];
  }
  return sources.map((id) => {
    const items = request.items.filter((item) => item.sourceLocationId === id);
    const rental = request.rentals.find((candidate) => candidate.fromLocation.id === id);
    return {
      from: items[0]?.sourceLocation ?? { id, name: `Location ${id}` },
      items,
      rental: rental ? { id: rental.id } : null,
    };
  });
}

/** The detail screen's totals (02 section 2.8): items, quantity and different units. */
export function requestTotals(items: readonly { quantity: number; unit: string }[]) {
  return {
    items: items.length,
    quantity: items.reduce((sum, item) => sum + item.quantity, 0),
    units: new Set(items.map((item) => item.unit.trim().toUpperCase())).size,
  };
}
