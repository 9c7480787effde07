import { z } from 'zod';
import { labelOf } from '../code-labels';
import { isoToDisplayDate } from '../dates';

/**
 * What is on hire at a site: each rental line sent there that has units still out (the dispatched
 * line less its dated returns, good, damaged and lost).
 */
export const onHireLineSchema = z.object({
  rentalId: z.int(),
  rentalItemId: z.int(),
  materialId: z.int(),
  materialTypeId: z.int(),
  itemNumber: z.string().nullable(),
  materialName: z.string(),
  unit: z.string(),
  /** Where it came from. */
  fromLocationId: z.int(),
  fromLocationName: z.string(),
  /** The dispatch day and the day it is due back (yyyy-MM-dd). */
  rentalDate: z.string(),
  expectedReturnDate: z.string(),
  overdue: z.boolean(),
  /** Sent, and come back good, damaged or lost: the sums of its returns. */
  dispatched: z.int(),
  returned: z.int(),
  damaged: z.int(),
  lost: z.int(),
  /** Still out: dispatched less all that came back. */
  out: z.int(),
  /** Days on hire through today, the dispatch day counted as one (as billing counts). */
  daysOut: z.int(),
  /**
   * The hire the line has cost through today at its rate (every unit's days, those come back
   * included), in cents: an admin's only, null for a field manager or a line without a rate.
   */
  hireSoFarCents: z.int().nullable(),
});
export type OnHireLine = z.infer<typeof onHireLineSchema>;

export const onHireStatementSchema = z.object({
  location: z.object({
    id: z.int(),
    name: z.string(),
    address: z.string().nullable(),
    customerName: z.string().nullable(),
    customerEmail: z.string().nullable(),
  }),
  /** The day the statement is made for (yyyy-MM-dd). */
  asOf: z.string(),
  currency: z.string(),
  lines: z.array(onHireLineSchema),
  /** The lines' hire so far together: an admin's only (null for a field manager). */
  hireSoFarCents: z.int().nullable(),
});
export type OnHireStatement = z.infer<typeof onHireStatementSchema>;

/** "On hire here: 63, rental #1 from Main Yard, due back 20/12/2026" (a scanned label). */
export function onHireText(
  line: Pick<OnHireLine, 'out' | 'rentalId' | 'fromLocationName' | 'expectedReturnDate'>,
) {
  return `On hire here: ${line.out}, rental #${line.rentalId} from ${line.fromLocationName}, due back ${isoToDisplayDate(line.expectedReturnDate)}`;
}

/** A line's quantity out with its unit in words: "63 Each". */
export const onHireQuantity = (line: Pick<OnHireLine, 'out' | 'unit'>) =>
  `${line.out} ${labelOf(line.unit)}`;

export const ON_HIRE_MESSAGES = {
  fetched: 'On-hire statement fetched',
  emailed: 'On-hire statement queued for e-mail',
  noCustomerEmail:
    "This site has no customer e-mail address: add one to the location's customer first",
  emailNotConfigured: 'E-mail is not configured on this server',
} as const;

/** What sending a site's on-hire statement answers: to whom, and as of when. */
export const onHireSentSchema = z.object({
  to: z.string(),
  /** The day the statement sent is made for (yyyy-MM-dd), and the PDF's file name. */
  asOf: z.string(),
  fileName: z.string(),
});
export type OnHireSent = z.infer<typeof onHireSentSchema>;
