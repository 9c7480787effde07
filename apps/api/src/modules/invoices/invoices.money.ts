import { invoiceTotals, workLineAmount } from '@stockyard/shared';
import type { DbExecutor } from '../../db/client';
import type { locations } from '../../db/schema';
import { billingTerms, workRateKey, workRateTable } from '../settings/billing-settings.service';
import type { NewItem } from './invoices.repository';

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
    const rateCents = rates.get(workRateKey(item.jobType, item.uom)) ?? null;
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
