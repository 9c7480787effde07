import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type DocumentInvoice, InvoiceDocument } from './invoice-document';

const invoice: DocumentInvoice = {
  invoiceId: 'INV-1001',
  status: 'DRAFT',
  clientName: 'Dock Works',
  clientAddress: '1 Dock Road',
  location: { name: 'North Yard', address: '5 Yard Lane' },
  issueDate: '2025-04-01',
  dueDate: '2025-04-16',
  department: null,
  job_period: null,
  job_details: null,
  invoice_remark: null,
  notes: null,
  signature: null,
  items: [],
  grandTotalCalculatedVolumeQty: 0,
  user: null,
  createdAt: null,
  updatedAt: null,
};

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });

function show(profile: Record<string, unknown>, shown: DocumentInvoice = invoice) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => json({ success: true, message: 'OK', data: profile })),
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <InvoiceDocument invoice={shown} />
    </QueryClientProvider>,
  );
}

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the invoice document', () => {
  it('is headed by the company profile: its name and address', async () => {
    show({
      companyName: 'Harbour Scaffolding',
      email: 'office@harbour.example',
      phone: '+4420794600',
      address: '12 Quay Street, Bristol',
      updatedAt: '2026-11-25T10:00:00.000Z',
    });
    const heading = await screen.findByRole('region', { name: 'Company' });
    expect(within(heading).getByText('Harbour Scaffolding')).toBeTruthy();
    expect(within(heading).getByText('12 Quay Street, Bristol')).toBeTruthy();
  });

  it('cannot be printed until the company profile is read, so that no paper lacks its heading', async () => {
    let answer: ((response: Response) => void) | undefined;
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))),
    );
    render(
      <QueryClientProvider client={new QueryClient()}>
        <InvoiceDocument invoice={invoice} />
      </QueryClientProvider>,
    );
    const print = screen.getByRole('button', { name: 'Print' }) as HTMLButtonElement;
    expect(print.disabled).toBe(true);
    expect(screen.getByRole('article').getAttribute('aria-busy')).toBe('true');
    await waitFor(() => expect(answer).toBeDefined());
    answer!(
      json({
        success: true,
        message: 'OK',
        data: {
          companyName: 'Harbour Scaffolding',
          email: '',
          phone: '',
          address: '',
          updatedAt: null,
        },
      }),
    );
    expect(await screen.findByText('Harbour Scaffolding')).toBeTruthy();
    expect(print.disabled).toBe(false);
    expect(screen.getByRole('article').getAttribute('aria-busy')).toBe('false');
  });

  it('has no heading while no profile was saved', async () => {
    show({ companyName: '', email: '', phone: '', address: '', updatedAt: null });
    expect(await screen.findByText('INV-1001')).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('region', { name: 'Company' })).toBeNull();
  });

  it("shows a saved invoice's number, each line's rate and amount, totals per unit, charges, Net, VAT and Gross", async () => {
    const line = {
      location: null,
      item_date: null,
      job_description: 'Deck',
      job_type: 'Erection',
      length: 3,
      width: 4,
      height: 0,
      remark: null,
      materialUsages: [],
    };
    show(
      { companyName: '', email: '', phone: '', address: '', updatedAt: null },
      {
        ...invoice,
        status: 'FINALIZED',
        items: [
          {
            ...line,
            uom: 'SQM (M2)',
            quantity: 2,
            itemTotalCalculatedQuantity: 24,
            rateCents: 1250,
            amountCents: 30000,
          },
          {
            ...line,
            uom: 'Running MTR',
            quantity: 4,
            itemTotalCalculatedQuantity: 5.02,
            rateCents: null,
            amountCents: 0,
            credited: true,
          },
        ],
        money: {
          kind: 'WORK',
          number: 'INV-2026-00007',
          currency: 'GBP',
          vatRateBp: 2000,
          netCents: 38000,
          vatCents: 7600,
          grossCents: 45600,
          creditedInvoiceNumber: null,
          periodStart: null,
          periodEnd: null,
          charges: [
            {
              id: 1,
              kind: 'WRITE_OFF',
              description: 'Coupler (lost)',
              unit: 'EACH',
              quantity: 2,
              fromDate: null,
              toDate: null,
              days: null,
              dayCents: null,
              weekCents: null,
              minimumDays: null,
              unitCents: 4000,
              amountCents: 8000,
              credited: false,
              creditedItemId: null,
              creditedChargeId: null,
            },
          ],
        },
      },
    );
    expect((await screen.findByTestId('invoice-number')).textContent).toBe('INV-2026-00007');
    const rows = within(screen.getByRole('table', { name: 'Invoice items' })).getAllByRole('row');
    expect(rows[1]!.textContent).toContain('£12.50');
    expect(rows[1]!.textContent).toContain('£300.00');
    expect(rows[2]!.textContent).toContain('£0.00 (credited)');
    expect(screen.getAllByTestId('volume-total').map((cell) => cell.textContent)).toEqual([
      '24.00',
      '5.02',
    ]);
    expect(screen.queryByTestId('grand-total')).toBeNull();
    const charges = within(screen.getByRole('table', { name: 'Charges' }));
    expect(charges.getByText('Coupler (lost)')).toBeTruthy();
    expect(charges.getByText('£40.00/unit')).toBeTruthy();
    expect(screen.getByTestId('total-net').textContent).toBe('£380.00');
    expect(screen.getByTestId('total-vat').textContent).toBe('£76.00');
    expect(screen.getByTestId('total-gross').textContent).toBe('£456.00');
  });
});
