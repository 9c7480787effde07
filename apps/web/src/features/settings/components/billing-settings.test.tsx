import { INVOICE_UOMS, JOB_TYPES, MONEY_MESSAGES } from '@stockyard/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BillingSettingsCard } from './billing-settings';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const billing = {
  currency: 'EUR',
  vatRatePercent: 20,
  paymentTermsDays: 15,
  nextInvoiceNumber: 12,
  nextCreditNoteNumber: 1,
  year: 2026,
};
const rates = JOB_TYPES.flatMap((jobType) =>
  INVOICE_UOMS.map((uom) => ({
    jobType,
    uom,
    rateCents: jobType === 'Erection' && uom === 'SQM (M2)' ? 450 : null,
  })),
);
const lowered = MONEY_MESSAGES.numberLowered('Next invoice number', 12);

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const body = init?.body ? JSON.parse(String(init.body)) : null;
      if (url === '/api/settings/billing' && init?.method === 'PUT') {
        if (body.nextInvoiceNumber < 12) {
          return json(400, {
            success: false,
            code: 'VALIDATION_ERROR',
            message: lowered,
            errors: [{ path: 'nextInvoiceNumber', message: lowered }],
          });
        }
        return json(200, { success: true, data: { ...billing, ...body } });
      }
      if (url === '/api/settings/billing') return json(200, { success: true, data: billing });
      if (url === '/api/settings/work-rates' && init?.method === 'PUT') {
        return json(200, { success: true, data: body.rates });
      }
      if (url === '/api/settings/work-rates') return json(200, { success: true, data: rates });
      return json(404, { success: false, message: 'Not found', code: 'NOT_FOUND' });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const puts = (path: string) =>
  vi
    .mocked(fetch)
    .mock.calls.filter(([url, init]) => String(url) === `/api${path}` && init?.method === 'PUT');

function open() {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <BillingSettingsCard />
    </QueryClientProvider>,
  );
}

describe('the Billing card', { timeout: 20_000 }, () => {
  it('shows the settings and saves them, the VAT rate as a percent', async () => {
    open();
    const vat = await screen.findByLabelText('VAT rate (%)');
    expect(vat).toHaveProperty('value', '20');
    expect(screen.getByLabelText('Next invoice number')).toHaveProperty('value', '12');
    fireEvent.change(vat, { target: { value: '17.5' } });
    fireEvent.change(screen.getByLabelText('Payment terms (days)'), { target: { value: '30' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Billing Settings' }));
    await waitFor(() => expect(puts('/settings/billing')).toHaveLength(1));
    expect(JSON.parse(String(puts('/settings/billing')[0]![1]!.body))).toEqual({
      currency: 'EUR',
      vatRatePercent: 17.5,
      paymentTermsDays: 30,
      nextInvoiceNumber: 12,
      nextCreditNoteNumber: 1,
    });
  });

  it("checks the rules before saving, and shows the server's refusal under its field", async () => {
    open();
    const vat = await screen.findByLabelText('VAT rate (%)');
    fireEvent.change(vat, { target: { value: '101' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Billing Settings' }));
    expect(await screen.findByText(MONEY_MESSAGES.vatRate)).toBeTruthy();
    expect(puts('/settings/billing')).toHaveLength(0);

    fireEvent.change(vat, { target: { value: '20' } });
    fireEvent.change(screen.getByLabelText('Next invoice number'), { target: { value: '3' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Billing Settings' }));
    await waitFor(() => expect(puts('/settings/billing')).toHaveLength(1));
    const message = await screen.findAllByText(lowered);
    expect(message.some((node) => node.id === 'billing-nextInvoiceNumber-error')).toBe(true);
  });

  it('shows the work rates as decimals and saves the table as cents, blank as none', async () => {
    open();
    const erection = await screen.findByLabelText('Erection per SQM (M2)');
    await waitFor(() => expect(erection).toHaveProperty('value', '4.50'));
    fireEvent.change(erection, { target: { value: '5' } });
    fireEvent.change(screen.getByLabelText('Rental per Running MTR'), {
      target: { value: '1,250.75' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save Work Rates' }));
    await waitFor(() => expect(puts('/settings/work-rates')).toHaveLength(1));
    const sent = JSON.parse(String(puts('/settings/work-rates')[0]![1]!.body)).rates as Array<{
      jobType: string;
      uom: string;
      rateCents: number | null;
    }>;
    expect(sent).toHaveLength(rates.length);
    expect(sent.filter((rate) => rate.rateCents !== null)).toEqual([
      { jobType: 'Erection', uom: 'SQM (M2)', rateCents: 500 },
      { jobType: 'Rental', uom: 'Running MTR', rateCents: 125075 },
    ]);
  });

  it('refuses a rate that is not money', async () => {
    open();
    const erection = await screen.findByLabelText('Erection per SQM (M2)');
    fireEvent.change(erection, { target: { value: '4.505' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Work Rates' }));
    expect(await screen.findByText(MONEY_MESSAGES.rate('Rate'))).toBeTruthy();
    expect(puts('/settings/work-rates')).toHaveLength(0);
  });
});
