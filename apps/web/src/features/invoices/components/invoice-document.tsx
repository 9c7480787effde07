import {
  type CompanyProfile,
  chargeRateText,
  formatMoney,
  hireLineExplanation,
  type InvoiceDto,
  type InvoiceUom,
  invoiceTitle,
  isFinalized,
  type MaterialUsageDto,
  summarizeByJobType,
  USAGE_TYPE_LABELS,
  uomDimensions,
  vatRateText,
  volumeTotalsByUom,
} from '@stockyard/shared';
import { FileDown, FileSpreadsheet, Printer } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { SidewaysScroll } from '@/components/ui/table';
import { useCompanyProfile } from '@/hooks/use-company-profile';
import { formatDate, formatDateTime } from '@/lib/dates';
import { formatQuantity } from '../invoice-form';
import { JobTypeSummaryTables } from './job-type-summary-table';
import './invoice-print.css';

type DocumentUsage = Pick<
  MaterialUsageDto,
  'materialName' | 'usageType' | 'quantity' | 'length' | 'width' | 'height' | 'notes'
>;

type DocumentItem = {
  location: string | null;
  item_date: string | null;
  job_description: string | null;
  job_type: string;
  uom: string;
  quantity: number;
  length: number;
  width: number;
  height: number;
  remark: string | null;
  itemTotalCalculatedQuantity: number;
  materialUsages: DocumentUsage[];
  /** A saved line's price (the server's); the wizard's lines are priced when saved. */
  rateCents?: number | null;
  amountCents?: number;
  credited?: boolean;
};

/** A saved invoice's money: its number, kind, currency, charges and totals. */
export type DocumentMoney = Pick<
  InvoiceDto,
  | 'kind'
  | 'number'
  | 'currency'
  | 'vatRateBp'
  | 'netCents'
  | 'vatCents'
  | 'grossCents'
  | 'charges'
  | 'creditedInvoiceNumber'
  | 'periodStart'
  | 'periodEnd'
>;

/** What the document shows: a saved invoice, or the wizard's values before they are saved. */
export type DocumentInvoice = {
  invoiceId: string;
  status: string;
  clientName: string;
  clientAddress: string;
  location: { name: string; address: string | null };
  issueDate: string;
  dueDate: string;
  department: string | null;
  job_period: string | null;
  job_details: string | null;
  invoice_remark: string | null;
  notes: string | null;
  signature: string | null;
  items: DocumentItem[];
  grandTotalCalculatedVolumeQty: number;
  /** Absent before the invoice is saved. */
  money?: DocumentMoney;
  user: { name: string; email: string } | null;
  createdAt: string | null;
  updatedAt: string | null;
};

const dash = (value: string | null | undefined) => (value?.trim() ? value : '-');

function dimension(item: DocumentItem, which: 'length' | 'width' | 'height'): string {
  return uomDimensions(item.uom)[which] ? String(item[which]) : '-';
}

/** "Steel Tube, Quantity 12 (ledger tubes)" or "Board, Size (L/W/H) 2 x 0.3 x 0.05". */
function usageLine(usage: DocumentUsage): string {
  const measure =
    usage.usageType === 'QTY'
      ? String(usage.quantity)
      : `${usage.length} x ${usage.width} x ${usage.height}`;
  const notes = usage.notes ? ` (${usage.notes})` : '';
  return `${usage.materialName}, ${USAGE_TYPE_LABELS[usage.usageType]} ${measure}${notes}`;
}

type DocumentRow =
  | { kind: 'item'; key: string; number: number; item: DocumentItem }
  | { kind: 'usage'; key: string; usage: DocumentUsage };

/** Each item, then the materials its job used (items have no id before they are saved). */
function documentRows(items: DocumentItem[]): DocumentRow[] {
  return items.flatMap((item, index): DocumentRow[] => [
    { kind: 'item', key: `item-${index}`, number: index + 1, item },
    ...item.materialUsages.map(
      (usage, usageIndex): DocumentRow => ({
        kind: 'usage',
        key: `usage-${index}-${usageIndex}`,
        usage,
      }),
    ),
  ]);
}

/** The company profile (Settings) heads the document: its name and address, once saved. */
function CompanyHeading({ company }: { company: CompanyProfile | undefined }) {
  if (!company?.companyName) return null;
  return (
    <section aria-label="Company" className="mb-2">
      <p className="text-lg font-semibold">{company.companyName}</p>
      <p className="whitespace-pre-line text-muted-foreground">{company.address}</p>
    </section>
  );
}

/** The invoice document of 02 section 2.4, printable on A4 (invoice-print.css). */
export function InvoiceDocument({
  invoice,
  onDownloadExcel,
  onDownloadPdf,
  downloading = false,
  actions,
}: {
  invoice: DocumentInvoice;
  /** Only a saved invoice has a spreadsheet and a PDF. */
  onDownloadExcel?: () => void;
  onDownloadPdf?: () => void;
  downloading?: boolean;
  /** More buttons of a saved invoice (a credit note). */
  actions?: React.ReactNode;
}) {
  const finalized = isFinalized(invoice.status);
  const summary = summarizeByJobType(invoice.items);
  const money = invoice.money;
  const volumeTotals = volumeTotalsByUom(
    invoice.items.map((item) => ({ ...item, uom: item.uom as InvoiceUom })),
  );
  const columns = money ? 14 : 12;
  // A hire invoice or a credit note bills money lines: its measured-item fields, empty, are left
  // out rather than shown as a table without rows and "-"; a work invoice shows them all.
  const billed = money !== undefined && money.kind !== 'WORK';
  const shown = (value: string | null | undefined) => !billed || (value ?? '').trim() !== '';
  // Its heading comes with the company profile: until that is read, the paper would lack it.
  const company = useCompanyProfile();
  return (
    <article
      className="invoice-document space-y-6 rounded-lg border border-border bg-card p-4 text-sm sm:p-6"
      aria-label={`Invoice ${invoice.invoiceId}`}
      aria-busy={company.isPending}
    >
      <header className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <CompanyHeading company={company.data} />
          <h2 className="text-2xl font-bold tracking-tight">
            {money ? invoiceTitle(money) : 'INVOICE'}
          </h2>
          {money ? (
            <p className="font-mono font-semibold" data-testid="invoice-number">
              {money.number ?? 'DRAFT'}
            </p>
          ) : null}
          <p className="font-mono text-muted-foreground">{invoice.invoiceId}</p>
          {money?.creditedInvoiceNumber ? (
            <p className="text-muted-foreground">Credits invoice {money.creditedInvoiceNumber}</p>
          ) : null}
        </div>
        <div className="flex items-center gap-2">
          <Badge tone={finalized ? 'green' : 'yellow'}>{finalized ? 'FINALIZED' : 'DRAFT'}</Badge>
          <Button
            variant="outline"
            size="sm"
            className="no-print"
            disabled={company.isPending}
            onClick={() => window.print()}
          >
            <Printer className="h-4 w-4" aria-hidden />
            Print
          </Button>
          {onDownloadPdf ? (
            <Button
              variant="outline"
              size="sm"
              className="no-print"
              disabled={downloading}
              onClick={onDownloadPdf}
            >
              <FileDown className="h-4 w-4" aria-hidden />
              Download PDF
            </Button>
          ) : null}
          {onDownloadExcel ? (
            <Button
              variant="outline"
              size="sm"
              className="no-print"
              disabled={downloading}
              onClick={onDownloadExcel}
            >
              <FileSpreadsheet className="h-4 w-4" aria-hidden />
              Export to Excel
            </Button>
          ) : null}
          {actions}
        </div>
      </header>

      <div className="grid gap-4 sm:grid-cols-2">
        <section aria-label="Bill to">
          <h3 className="text-xs font-semibold uppercase text-muted-foreground">BILL TO</h3>
          <p className="font-semibold">{invoice.clientName}</p>
          <p className="whitespace-pre-line">{invoice.clientAddress}</p>
        </section>
        <section aria-label="From">
          <h3 className="text-xs font-semibold uppercase text-muted-foreground">FROM</h3>
          <p className="font-semibold">{invoice.location.name}</p>
          {invoice.location.address ? (
            <p className="whitespace-pre-line">{invoice.location.address}</p>
          ) : null}
        </section>
      </div>

      <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-3">
        <Detail term="Issue Date" value={formatDate(invoice.issueDate)} />
        {money?.kind === 'CREDIT' ? null : (
          <Detail term="Due Date" value={formatDate(invoice.dueDate)} />
        )}
        {money?.periodStart && money.periodEnd ? (
          <Detail
            term="Period"
            value={`${formatDate(money.periodStart)} to ${formatDate(money.periodEnd)}`}
          />
        ) : null}
        {shown(invoice.department) ? (
          <Detail term="Department" value={dash(invoice.department)} />
        ) : null}
        {shown(invoice.job_period) ? (
          <Detail term="Job Period" value={dash(invoice.job_period)} />
        ) : null}
        {shown(invoice.job_details) ? (
          <Detail term="Job Details" value={dash(invoice.job_details)} />
        ) : null}
        {shown(invoice.invoice_remark) ? (
          <Detail term="Remarks" value={dash(invoice.invoice_remark)} />
        ) : null}
      </dl>

      {billed && invoice.items.length === 0 ? null : (
        <SidewaysScroll label="Invoice items" className="relative">
          <table className="w-full text-xs" aria-label="Invoice items">
            <thead className="border-b border-border bg-muted/50 text-left">
              <tr>
                <th className="px-2 py-2">#</th>
                <th className="px-2 py-2">Date</th>
                <th className="px-2 py-2">Location</th>
                <th className="px-2 py-2">Description</th>
                <th className="px-2 py-2">Job Type</th>
                <th className="px-2 py-2">UOM</th>
                <th className="px-2 py-2 text-right">L</th>
                <th className="px-2 py-2 text-right">W</th>
                <th className="px-2 py-2 text-right">H</th>
                <th className="px-2 py-2 text-right">Qty</th>
                <th className="px-2 py-2 text-right">Volume Qty</th>
                <th className="px-2 py-2">Remark</th>
                {money ? (
                  <>
                    <th className="px-2 py-2 text-right">Rate</th>
                    <th className="px-2 py-2 text-right">Amount</th>
                  </>
                ) : null}
              </tr>
            </thead>
            <tbody>
              {documentRows(invoice.items).map((row) =>
                row.kind === 'item' ? (
                  <tr key={row.key} className="border-b border-border">
                    <td className="px-2 py-1.5">{row.number}</td>
                    <td className="px-2 py-1.5 whitespace-nowrap">
                      {formatDate(row.item.item_date)}
                    </td>
                    <td className="px-2 py-1.5">{dash(row.item.location)}</td>
                    <td className="px-2 py-1.5">{dash(row.item.job_description)}</td>
                    <td className="px-2 py-1.5">{row.item.job_type}</td>
                    <td className="px-2 py-1.5 whitespace-nowrap">{row.item.uom}</td>
                    <td className="px-2 py-1.5 text-right tabular-nums">
                      {dimension(row.item, 'length')}
                    </td>
                    <td className="px-2 py-1.5 text-right tabular-nums">
                      {dimension(row.item, 'width')}
                    </td>
                    <td className="px-2 py-1.5 text-right tabular-nums">
                      {dimension(row.item, 'height')}
                    </td>
                    <td className="px-2 py-1.5 text-right tabular-nums">{row.item.quantity}</td>
                    <td className="px-2 py-1.5 text-right tabular-nums">
                      {formatQuantity(row.item.itemTotalCalculatedQuantity)}
                    </td>
                    <td className="px-2 py-1.5">{dash(row.item.remark)}</td>
                    {money ? (
                      <>
                        <td className="px-2 py-1.5 text-right tabular-nums whitespace-nowrap">
                          {row.item.rateCents == null
                            ? '-'
                            : formatMoney(row.item.rateCents, money.currency)}
                        </td>
                        <td className="px-2 py-1.5 text-right tabular-nums whitespace-nowrap">
                          {formatMoney(row.item.amountCents ?? 0, money.currency)}
                          {row.item.credited ? ' (credited)' : ''}
                        </td>
                      </>
                    ) : null}
                  </tr>
                ) : (
                  <tr key={row.key} className="invoice-usage border-b border-border bg-muted/30">
                    <td />
                    <td colSpan={columns - 1} className="px-2 py-1 text-muted-foreground">
                      Material used: {usageLine(row.usage)}
                    </td>
                  </tr>
                ),
              )}
            </tbody>
          </table>
        </SidewaysScroll>
      )}

      {money && money.charges.length > 0 ? (
        <ChargesTable charges={money.charges} currency={money.currency} />
      ) : null}

      <section aria-label="Totals" className="flex flex-col items-end gap-1 text-base">
        {/* One total a unit: volumes of different units are never added together. */}
        {volumeTotals.map((total) => (
          <p key={total.uom} className="flex gap-2">
            <span className="font-semibold">Total {total.uom}:</span>
            <span className="font-bold tabular-nums" data-testid="volume-total">
              {formatQuantity(total.quantity)}
            </span>
          </p>
        ))}
        {money ? <MoneyTotals money={money} /> : null}
      </section>

      {summary.length > 0 ? (
        <section aria-label="Job Type Summary" className="space-y-2">
          <h3 className="font-semibold">Job Type Summary</h3>
          <JobTypeSummaryTables summary={summary} headingLevel={4} />
        </section>
      ) : null}

      <div className="grid gap-4 sm:grid-cols-2">
        <section>
          <h3 className="text-xs font-semibold uppercase text-muted-foreground">Notes</h3>
          <p className="whitespace-pre-line">{dash(invoice.notes)}</p>
        </section>
        {shown(invoice.signature) ? (
          <section>
            <h3 className="text-xs font-semibold uppercase text-muted-foreground">Signature</h3>
            <p className="mt-6 border-t border-border pt-1">{dash(invoice.signature)}</p>
          </section>
        ) : null}
      </div>

      <footer className="space-y-1 border-t border-border pt-3 text-xs text-muted-foreground">
        <p>
          Created by {invoice.user ? `${invoice.user.name} (${invoice.user.email})` : 'Unknown'}
          {invoice.createdAt ? ` on ${formatDateTime(invoice.createdAt)}` : ''}
        </p>
        <p>
          Last updated: {invoice.updatedAt ? formatDateTime(invoice.updatedAt) : 'Not saved yet'}
        </p>
      </footer>
    </article>
  );
}

/** Net, VAT at its rate, and Gross, in the invoice's currency. */
export function MoneyTotals({ money }: { money: DocumentMoney }) {
  const rows: Array<[string, number]> = [
    ['Net', money.netCents],
    [`VAT (${vatRateText(money.vatRateBp)})`, money.vatCents],
    ['Gross', money.grossCents],
  ];
  return (
    <dl className="grid grid-cols-[auto_auto] gap-x-4 gap-y-1 text-right">
      {rows.map(([label, cents]) => (
        <div key={label} className="contents">
          <dt className={label === 'Gross' ? 'font-bold' : 'font-semibold'}>{label}</dt>
          <dd
            className={`tabular-nums ${label === 'Gross' ? 'font-bold' : ''}`}
            data-testid={`total-${label.split(' ')[0]!.toLowerCase()}`}
          >
            {formatMoney(cents, money.currency)}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** A hire invoice's or a credit note's money lines. */
export function ChargesTable({
  charges,
  currency,
}: {
  charges: InvoiceDto['charges'];
  currency: string;
}) {
  return (
    <SidewaysScroll label="Charges" className="relative">
      <table className="w-full text-xs" aria-label="Charges">
        <thead className="border-b border-border bg-muted/50 text-left">
          <tr>
            <th className="px-2 py-2">Material</th>
            <th className="px-2 py-2 text-right">Quantity</th>
            <th className="px-2 py-2">From</th>
            <th className="px-2 py-2">To</th>
            <th className="px-2 py-2 text-right">Days</th>
            <th className="px-2 py-2 text-right">Rate</th>
            <th className="px-2 py-2 text-right">Amount</th>
          </tr>
        </thead>
        <tbody>
          {charges.map((charge) => (
            <tr key={charge.id} className="border-b border-border">
              <td className="px-2 py-1.5">
                {charge.description}
                {/* How a hire line is priced: the days billed before and each price. */}
                <HireExplanation text={hireLineExplanation(charge, currency)} />
              </td>
              <td className="px-2 py-1.5 text-right tabular-nums">{charge.quantity}</td>
              <td className="px-2 py-1.5 whitespace-nowrap">
                {charge.fromDate ? formatDate(charge.fromDate) : '-'}
              </td>
              <td className="px-2 py-1.5 whitespace-nowrap">
                {charge.toDate ? formatDate(charge.toDate) : '-'}
              </td>
              <td className="px-2 py-1.5 text-right tabular-nums">{charge.days ?? '-'}</td>
              <td className="px-2 py-1.5 text-right whitespace-nowrap">
                {chargeRateText(charge, currency) || '-'}
              </td>
              <td className="px-2 py-1.5 text-right tabular-nums whitespace-nowrap">
                {formatMoney(charge.amountCents, currency)}
                {charge.credited ? ' (credited)' : ''}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </SidewaysScroll>
  );
}

function HireExplanation({ text }: { text: string }) {
  return text ? (
    <span className="mt-0.5 block text-muted-foreground" data-testid="hire-explanation">
      {text}
    </span>
  ) : null;
}

function Detail({ term, value }: { term: string; value: string }) {
  return (
    <div>
      <dt className="text-xs font-semibold uppercase text-muted-foreground">{term}</dt>
      <dd className="whitespace-pre-line">{value}</dd>
    </div>
  );
}
