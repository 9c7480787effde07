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
 * A work invoice's money, the one place it is reckoned: each item at its job type and unit's work
 * rate now (none: amount 0), rounded once per line (`workLineAmount`); the company's currency and
 * VAT rate (0 for a zero-rated customer); totals from the shared `invoiceTotals`.
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
