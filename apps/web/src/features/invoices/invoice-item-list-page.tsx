import {
  formatMoney,
  INVOICE_KIND_LABELS,
  INVOICE_MESSAGES,
  INVOICE_UOMS,
  type InvoiceItemDto,
  invoiceTitle,
  isFinalized,
  JOB_TYPES,
  summarizeByJobType,
  uomDimensions,
  volumeTotalsByUom,
} from '@stockyard/shared';
import { ArrowLeft, FileCode, FileDown, FileSpreadsheet } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { Button, buttonVariants } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Input, Select } from '@/components/ui/input';
import { Table, TableMessage, TBody, TD, TH, THead, TR } from '@/components/ui/table';
import { useListParams } from '@/hooks/use-list-params';
import { useSearchInput } from '@/hooks/use-search-input';
import { ApiError } from '@/lib/api-client';
import { formatDate } from '@/lib/dates';
import { useDownloadEInvoice } from './api/download-e-invoice';
import { useDownloadInvoiceExcel } from './api/download-invoice-excel';
import { useDownloadInvoicePdf } from './api/download-invoice-pdf';
import { useInvoice } from './api/get-invoice';
import { EditClientButton } from './components/edit-client-dialog';
import { ChargesTable, MoneyTotals } from './components/invoice-document';
import { CreditNoteButton } from './components/invoice-money-actions';
import { InvoiceStatusBadge } from './components/invoices-table';
import { formatQuantity } from './invoice-form';

const dimension = (item: InvoiceItemDto, which: 'length' | 'width' | 'height') =>
  uomDimensions(item.uom)[which] ? String(item[which]) : '-';

/**
 * /invoices/{id}/item-list (03 section 2.6): the invoice's view. Its items, filtered, with their
 * rates and amounts, and their volume totals per unit (never added across units); a hire
 * invoice's or credit note's charges; Net, VAT and Gross; the PDF, the Excel file and, for an
 * admin on a finalized invoice, a credit note. The filters are kept in the URL
 * (?search=deck&jobType=Erection&uom=SQM+(M2)), as every list keeps its own.
 */
export default function InvoiceItemListPage() {
  const id = Number(useParams().id);
  const invoice = useInvoice(Number.isInteger(id) && id > 0 ? id : null);
  const { filters, setFilters } = useListParams({
    search: 'text',
    jobType: JOB_TYPES,
    uom: INVOICE_UOMS,
  });
  const { search: description, jobType, uom } = filters;
  const searchBox = useSearchInput(description, (value, options) =>
    setFilters({ search: value }, options),
  );

  const notFound =
    !(Number.isInteger(id) && id > 0) ||
    (invoice.error instanceof ApiError && invoice.error.status === 404);
  // As typed: the list is filtered here, at once; the URL follows when typing pauses.
  const needle = searchBox.text.trim().toLowerCase();
  const items = (invoice.data?.items ?? []).filter(
    (item) =>
      (needle === '' || (item.job_description ?? '').toLowerCase().includes(needle)) &&
      (jobType === '' || item.job_type === jobType) &&
      (uom === '' || item.uom === uom),
  );
  const summary = summarizeByJobType(items);
  const volumeTotals = volumeTotalsByUom(items);
  // Until the invoice is read, the page is laid out as the spec's (work) invoice.
  const work = (invoice.data?.kind ?? 'WORK') === 'WORK';
  const excel = useDownloadInvoiceExcel();
  const pdf = useDownloadInvoicePdf();
  const eInvoice = useDownloadEInvoice();
  const data = invoice.data;

  let message: React.ReactNode = null;
  if (notFound) message = INVOICE_MESSAGES.itemListNotFound;
  else if (invoice.isPending) message = INVOICE_MESSAGES.itemListLoading;
  else if (invoice.isError) {
    message = (
      <>
        <span className="mr-3">{INVOICE_MESSAGES.itemListFailed}</span>
        <Button variant="outline" size="sm" onClick={() => void invoice.refetch()}>
          Retry
        </Button>
      </>
    );
  }

  return (
    <div className="space-y-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <h1 className="text-2xl font-semibold">Items for Invoice: {data?.invoiceId ?? ''}</h1>
        <div className="flex flex-wrap gap-2">
          {data && !message ? (
            <>
              <Button variant="outline" disabled={pdf.isPending} onClick={() => pdf.mutate(data)}>
                <FileDown className="h-4 w-4" aria-hidden />
                Download PDF
              </Button>
              <Button
                variant="outline"
                disabled={excel.isPending}
                onClick={() => excel.mutate(data)}
              >
                <FileSpreadsheet className="h-4 w-4" aria-hidden />
                Excel
              </Button>
              {data.issued ? (
                // A finalized invoice's PDF is Factur-X; its XML alone for an accounting system.
                <Button
                  variant="outline"
                  disabled={eInvoice.isPending}
                  onClick={() => eInvoice.mutate(data)}
                >
                  <FileCode className="h-4 w-4" aria-hidden />
                  E-invoice (XML)
                </Button>
              ) : null}
              <EditClientButton invoice={data} />
              <CreditNoteButton invoice={data} />
            </>
          ) : null}
          <Link to="/invoices" className={buttonVariants({ variant: 'outline' })}>
            <ArrowLeft className="h-4 w-4" aria-hidden />
            Back to Invoice List
          </Link>
        </div>
      </div>
      {data && !message ? (
        <Card className="flex flex-wrap items-center gap-x-6 gap-y-2 p-4 text-sm">
          <span className="font-semibold">
            {invoiceTitle(data)} {data.number ?? 'DRAFT'}
          </span>
          <InvoiceStatusBadge status={data.status} />
          <span>{INVOICE_KIND_LABELS[data.kind]}</span>
          <span>{data.clientName}</span>
          {data.creditedInvoiceNumber ? (
            <span>Credits invoice {data.creditedInvoiceNumber}</span>
          ) : null}
          {data.creditNotes.length > 0 ? (
            <span>
              Credit notes:{' '}
              {data.creditNotes.map((note, index) => (
                <span key={note.id}>
                  {index > 0 ? ', ' : ''}
                  <Link className="underline" to={`/invoices/${note.id}/item-list`}>
                    {note.number ?? note.id}
                  </Link>
                </span>
              ))}
            </span>
          ) : null}
          {isFinalized(data.status) ? (
            <span className="text-muted-foreground">{INVOICE_MESSAGES.finalizedCannotChange}</span>
          ) : null}
        </Card>
      ) : null}

      {message ? (
        <Card className="p-10 text-center text-muted-foreground">{message}</Card>
      ) : (
        <>
          {/* A hire invoice and a credit note have money lines (charges) only, no measured items. */}
          {work ? (
            <Card>
              <div className="flex flex-col gap-3 border-b border-border p-4 md:flex-row">
                <Input
                  type="search"
                  aria-label="Filter by description"
                  placeholder="Filter by description..."
                  className="md:flex-1"
                  value={searchBox.text}
                  onChange={(event) => searchBox.setText(event.target.value)}
                />
                <Select
                  aria-label="Filter by job type"
                  className="md:w-48"
                  value={jobType}
                  onChange={(event) =>
                    setFilters({ jobType: event.target.value as typeof jobType })
                  }
                >
                  <option value="">All Job Types</option>
                  {JOB_TYPES.map((value) => (
                    <option key={value} value={value}>
                      {value}
                    </option>
                  ))}
                </Select>
                <Select
                  aria-label="Filter by UOM"
                  className="md:w-52"
                  value={uom}
                  onChange={(event) => setFilters({ uom: event.target.value as typeof uom })}
                >
                  <option value="">All UOMs</option>
                  {INVOICE_UOMS.map((value) => (
                    <option key={value} value={value}>
                      {value}
                    </option>
                  ))}
                </Select>
              </div>
              <Table aria-label="Invoice items">
                <THead>
                  <tr>
                    <TH>Date</TH>
                    <TH>Location/Material</TH>
                    <TH>Description</TH>
                    <TH>Job Type</TH>
                    <TH>UOM</TH>
                    <TH className="text-right">L</TH>
                    <TH className="text-right">W</TH>
                    <TH className="text-right">H</TH>
                    <TH className="text-right">Qty</TH>
                    <TH className="text-right">Calc. Qty</TH>
                    <TH>Remark</TH>
                    <TH className="text-right">Rate</TH>
                    <TH className="text-right">Amount</TH>
                  </tr>
                </THead>
                <TBody>
                  {items.length === 0 ? (
                    <TableMessage colSpan={13}>No items match the filters.</TableMessage>
                  ) : (
                    items.map((item) => (
                      <TR key={item.id}>
                        <TD className="whitespace-nowrap">{formatDate(item.item_date)}</TD>
                        <TD>
                          {item.location || '-'}
                          {item.materialUsages.length > 0 ? (
                            <span className="block text-xs text-muted-foreground">
                              {item.materialUsages.map((usage) => usage.materialName).join(', ')}
                            </span>
                          ) : null}
                        </TD>
                        <TD>{item.job_description || '-'}</TD>
                        <TD>{item.job_type}</TD>
                        <TD className="whitespace-nowrap">{item.uom}</TD>
                        <TD className="text-right tabular-nums">{dimension(item, 'length')}</TD>
                        <TD className="text-right tabular-nums">{dimension(item, 'width')}</TD>
                        <TD className="text-right tabular-nums">{dimension(item, 'height')}</TD>
                        <TD className="text-right tabular-nums">{item.quantity}</TD>
                        <TD className="text-right tabular-nums">
                          {formatQuantity(item.itemTotalCalculatedQuantity)}
                        </TD>
                        <TD>{item.remark || '-'}</TD>
                        <TD className="whitespace-nowrap text-right tabular-nums">
                          {item.rateCents === null
                            ? '-'
                            : formatMoney(item.rateCents, data?.currency ?? 'EUR')}
                        </TD>
                        <TD className="whitespace-nowrap text-right tabular-nums">
                          {formatMoney(item.amountCents, data?.currency ?? 'EUR')}
                          {item.credited ? ' (credited)' : ''}
                        </TD>
                      </TR>
                    ))
                  )}
                </TBody>
              </Table>
            </Card>
          ) : null}

          {data && data.charges.length > 0 ? (
            <Card className="p-4">
              <ChargesTable charges={data.charges} currency={data.currency} />
            </Card>
          ) : null}

          <Card
            className="space-y-4 p-4 sm:p-6"
            aria-label={work ? 'Volume totals' : 'Totals'}
            role="region"
          >
            {/* One total a unit: volumes of different units are never added together. */}
            <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
              {work ? (
                <div className="space-y-1">
                  <h2 className="text-lg font-semibold">Volume totals</h2>
                  {volumeTotals.length === 0 ? (
                    <p className="text-muted-foreground">No volumes.</p>
                  ) : (
                    volumeTotals.map((row) => (
                      <p key={row.uom} className="flex gap-2">
                        <span>{row.uom}:</span>
                        <output aria-label={`Total ${row.uom}`} className="font-bold tabular-nums">
                          {formatQuantity(row.quantity)}
                        </output>
                      </p>
                    ))
                  )}
                </div>
              ) : (
                <h2 className="text-lg font-semibold">Totals</h2>
              )}
              {data ? <MoneyTotals money={data} /> : null}
            </div>
            <div className="grid gap-3 md:grid-cols-3">
              {summary.map((group) => {
                const name = group.jobType.trim() || 'Uncategorized';
                return (
                  <section
                    key={name}
                    aria-label={`${name} subtotal`}
                    className="rounded-md border border-border p-3"
                  >
                    <h3 className="font-semibold">{name}</h3>
                    <ul className="mt-2 space-y-1 text-sm text-muted-foreground">
                      {group.uoms.map((row) => (
                        <li key={row.uom} className="flex justify-between gap-2">
                          <span>{row.uom.trim() || 'N/A'}</span>
                          <span className="tabular-nums">
                            {formatQuantity(row.totalCalculatedQuantity)}
                          </span>
                        </li>
                      ))}
                    </ul>
                  </section>
                );
              })}
            </div>
          </Card>
        </>
      )}
    </div>
  );
}
