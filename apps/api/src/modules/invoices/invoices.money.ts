import { invoiceTotals, workLineAmount } from '@stockyard/shared';
import { eq } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { billingSettings, type locations, workRates } from '../../db/schema';
import type { NewItem } from './invoices.repository';

// TODO(issue 33): replace these two reads by billingTerms and workRateTable of
// settings/billing-settings.service once it is committed; they read the same tables.
async function billingTerms(db: DbExecutor) {
  const [row] = await db.select().from(billingSettings).where(eq(billingSettings.id, 1));
  return {
    currency: row?.currency ?? 'EUR',
    vatRateBp: row?.vatRateBp ?? 2000,
    paymentTermsDays: row?.paymentTermsDays ?? 15,
  };
}
async function workRateTable(db: DbExecutor): Promise<Map<string, number>> {
  const rows = await db.select().from(workRates);
  return new Map(rows.map((row) => [`${row.jobType}|${row.uom}`, row.rateCents]));
}

/** What a site's customer gives an invoice beyond its name and address (typed on the form). */
type Customer = Pick<
  typeof locations.$inferSelect,
  'customerEmail' | 'customerVatId' | 'customerZeroRated'
>;

/**
 * A work invoice's money (decision 044), the one place it is reckoned: each item's rate is the
 * work rate of its job type and unit now (null: none, amount 0) and its amount the shared
 * `workLineAmount` of its calculated quantity, rounded once per line; the invoice takes the
 * company's currency and VAT rate (0 for a zero-rated customer), the customer's e-mail and VAT id,
 * and its totals from the shared `invoiceTotals`.
 */
export async function priceWorkInvoice(db: DbExecutor, customer: Customer, items: NewItem[]) {
  const [terms, rates] = await Promise.all([billingTerms(db), workRateTable(db)]);
  const priced = items.map((item) => {
    const rateCents = rates.get(`${item.jobType}|${item.uom}`) ?? null;
    const quantity = Number(item.itemTotalCalculatedQuantity ?? 0);
    const amountCents = rateCents === null ? 0 : workLineAmount(quantity, rateCents);
    return { ...item, rateCents, amountCents };
  });
  const vatRateBp = customer.customerZeroRated ? 0 : terms.vatRateBp;
  const totals = invoiceTotals(
    priced.map((item) => item.amountCents),
    vatRateBp,
  );
  return {
    items: priced,
    money: {
      currency: terms.currency,
      vatRateBp,
      clientEmail: customer.customerEmail,
      clientVatId: customer.customerVatId,
      ...totals,
    },
  };
}
