import {
  INVOICE_MESSAGES,
  type InvoiceSummaryDto,
  normalizeRole,
  ownLocation,
} from '@stockyard/shared';
import { PieChart, Plus, Receipt } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ExportMenu } from '@/components/export-menu';
import { LocationFilter } from '@/components/location-filter';
import { PageIntro } from '@/components/page-intro';
import { SearchField } from '@/components/search-field';
import { Button, buttonVariants } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useListParams } from '@/hooks/use-list-params';
import { useDeferredAnswer, useLastPageGuard } from '@/hooks/use-paged-list';
import { useSearchInput } from '@/hooks/use-search-input';
import { ApiError } from '@/lib/api-client';
import { deferredDialog } from '@/lib/deferred-dialog';
import { serverMessage } from '@/lib/form-errors';
import { INTROS } from '@/lib/page-intros';
import { useCan, useSession } from '@/lib/session';
import { notifyToast } from '@/lib/toast';
import { useConvertToRental } from './api/convert-to-rental';
import { useDeleteInvoice } from './api/delete-invoice';
import { useDownloadInvoiceExcel } from './api/download-invoice-excel';
import { useDownloadInvoicePdf } from './api/download-invoice-pdf';
import { useFinalizeInvoice } from './api/finalize-invoice';
import { useInvoices } from './api/get-invoices';
import type { InvoiceAction } from './components/invoice-row-actions';
import { InvoicesTable } from './components/invoices-table';
import { MonthFilter, monthFilterValue } from './components/month-filter';
import { NumberedPagination } from './components/numbered-pagination';

const InvoicePreviewDialog = deferredDialog(() =>
  import('./components/invoice-preview-dialog').then((m) => m.InvoicePreviewDialog),
);
const JobTypeSummaryDialog = deferredDialog(() =>
  import('./components/invoice-preview-dialog').then((m) => m.JobTypeSummaryDialog),
);

/** /invoices (02 section 2.1): the list, its filters in the URL, and every row action. */
export default function InvoicesPage() {
  const user = useSession()?.user;
  const can = useCan();
  const navigate = useNavigate();
  const { page, filters, setPage, replacePage, setFilters } = useListParams({
    search: 'text',
    location: 'id',
    month: 'text',
  });
  // A field manager sees their own location's invoices only: the server keeps them there.
  const scoped = user !== undefined && ownLocation(user) !== null;
  const location = scoped ? '' : filters.location;
  const month = monthFilterValue(filters.month);
  const searchBox = useSearchInput(filters.search, (value, options) =>
    setFilters({ search: value }, options),
  );
  const permissions = {
    manage: can('POST /api/invoices'),
    admin: normalizeRole(user?.role) === 'ADMIN',
  };
  const [previewing, setPreviewing] = useState<number | null>(null);
  const [summarizing, setSummarizing] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<InvoiceSummaryDto | null>(null);
  // Finalizing and converting last: each is confirmed first.
  const [finalizing, setFinalizing] = useState<InvoiceSummaryDto | null>(null);
  const [converting, setConverting] = useState<InvoiceSummaryDto | null>(null);

  const listFilters = {
    search: filters.search || undefined,
    locationId: location ? Number(location) : undefined,
    month: month || undefined,
  };
  const query = useInvoices({ page, ...listFilters });
  const settled = query.data !== undefined && !query.isPlaceholderData;
  useLastPageGuard(page, settled ? query.data.data.totalPages : undefined, replacePage);
  const list = useDeferredAnswer(query);
  const answer = list.data?.data;
  const excel = useDownloadInvoiceExcel();
  const pdf = useDownloadInvoicePdf();
  const convert = useConvertToRental();
  const finalize = useFinalizeInvoice();
  const remove = useDeleteInvoice();

  const onAction = (action: InvoiceAction, invoice: InvoiceSummaryDto) => {
    if (action === 'preview') setPreviewing(invoice.id);
    if (action === 'excel') excel.mutate(invoice);
    if (action === 'pdf') pdf.mutate(invoice);
    if (action === 'edit') navigate(`/invoices/edit/${invoice.id}`);
    if (action === 'items') navigate(`/invoices/${invoice.id}/items`);
    if (action === 'itemList') navigate(`/invoices/${invoice.id}/item-list`);
    if (action === 'summary') setSummarizing(invoice.id);
    if (action === 'delete') setDeleting(invoice);
    if (action === 'convert') setConverting(invoice);
    if (action === 'finalize') setFinalizing(invoice);
  };
  const confirmConvert = () => {
    if (!converting) return;
    convert.mutate(converting.id, {
      onSuccess: ({ data }) => {
        notifyToast.success(INVOICE_MESSAGES.converted, { description: data.invoiceId });
        navigate(`/invoices/edit/${data.id}`);
      },
      // The server's message says why (no Erection items); the catalogue's line otherwise.
      onError: (error) =>
        notifyToast.error(serverMessage(error) ?? INVOICE_MESSAGES.conversionFailed),
      onSettled: () => setConverting(null),
    });
  };
  const confirmFinalize = () => {
    if (!finalizing) return;
    finalize.mutate(finalizing.id, {
      onSuccess: () => notifyToast.success(INVOICE_MESSAGES.finalized),
      // A refusal for want of the law's details lists each one.
      onError: (error) =>
        notifyToast.error(INVOICE_MESSAGES.statusFailed, {
          description: [
            serverMessage(error),
            ...(error instanceof ApiError ? error.errors.map((e) => e.message) : []),
          ]
            .filter(Boolean)
            .join(' '),
        }),
      onSettled: () => setFinalizing(null),
    });
  };
  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => notifyToast.success(INVOICE_MESSAGES.deleted),
      onError: (error) =>
        notifyToast.error(INVOICE_MESSAGES.deleteFailed, { description: serverMessage(error) }),
      onSettled: () => setDeleting(null),
    });
  };

  const intro = INTROS.invoices(user);
  return (
    <div className="space-y-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <PageIntro
          intro={{
            ...intro,
            heading: `${intro.heading}${answer ? ` (${answer.totalInvoices})` : ''}`,
          }}
        />
        <div className="flex flex-col gap-2 sm:flex-row">
          <ExportMenu path="/invoices/export" filters={listFilters} fileName="invoices" />
          <Link
            to={`/reports/invoice-job-type-summary${month ? `?month=${month}` : ''}`}
            className={buttonVariants({ variant: 'outline' })}
          >
            <PieChart className="h-4 w-4" aria-hidden />
            View Job Type Summary
          </Link>
          {can('POST /api/billing/runs') ? (
            <Link to="/invoices/billing" className={buttonVariants({ variant: 'outline' })}>
              <Receipt className="h-4 w-4" aria-hidden />
              Billing run
            </Link>
          ) : null}
          {permissions.manage ? (
            <Button onClick={() => navigate('/invoices/generate')}>
              <Plus className="h-4 w-4" aria-hidden />
              Create Invoice
            </Button>
          ) : null}
        </div>
      </div>

      <Card>
        <div className="flex flex-col gap-3 border-b border-border p-4 md:flex-row">
          <SearchField
            label="Search invoices"
            placeholder="Search by Invoice ID or client name..."
            value={searchBox.text}
            onChange={searchBox.setText}
            className="md:flex-1"
          />
          {scoped ? null : (
            <LocationFilter
              className="md:w-56"
              value={location}
              onChange={(value) => setFilters({ location: value })}
            />
          )}
          <MonthFilter
            className="md:w-48"
            value={month}
            onChange={(value) => setFilters({ month: value })}
          />
        </div>
        <InvoicesTable
          invoices={answer?.invoices ?? []}
          state={list.state}
          permissions={permissions}
          onAction={onAction}
          onRetry={() => void query.refetch()}
        />
        <NumberedPagination
          page={page}
          totalPages={answer?.totalPages ?? 1}
          onPageChange={setPage}
        />
      </Card>

      {/* Each mounted only while open, so that closed dialogs cost the page nothing. */}
      {previewing !== null ? (
        <InvoicePreviewDialog
          invoiceId={previewing}
          onOpenChange={(open) => {
            if (!open) setPreviewing(null);
          }}
        />
      ) : null}
      {summarizing !== null ? (
        <JobTypeSummaryDialog
          invoiceId={summarizing}
          onOpenChange={(open) => {
            if (!open) setSummarizing(null);
          }}
        />
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open) setDeleting(null);
        }}
        title="Delete Invoice"
        description={INVOICE_MESSAGES.deleteConfirm(deleting?.invoiceId ?? '')}
        pending={remove.isPending}
        onConfirm={confirmDelete}
      />
      <ConfirmDialog
        open={finalizing !== null}
        onOpenChange={(open) => {
          if (!open) setFinalizing(null);
        }}
        title="Mark as Finalized"
        description={INVOICE_MESSAGES.finalizeConfirm(finalizing?.invoiceId ?? '')}
        confirmLabel="Finalize"
        destructive={false}
        pendingLabel="Finalizing..."
        pending={finalize.isPending}
        onConfirm={confirmFinalize}
      />
      <ConfirmDialog
        open={converting !== null}
        onOpenChange={(open) => {
          if (!open) setConverting(null);
        }}
        title="Convert to Rental"
        description={INVOICE_MESSAGES.convertConfirm(converting?.invoiceId ?? '')}
        confirmLabel="Convert"
        destructive={false}
        pendingLabel="Converting..."
        pending={convert.isPending}
        onConfirm={confirmConvert}
      />
    </div>
  );
}
