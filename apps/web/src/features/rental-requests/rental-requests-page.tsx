import {
  RENTAL_REQUEST_MESSAGES as M,
  MATERIAL_UNIT_LABELS,
  type MaterialUnit,
  normalizeRole,
  PAGE_SIZES,
  RENTAL_REQUEST_STATUS_LABELS,
  RENTAL_REQUEST_STATUSES,
  type RentalRequestStatus,
  type RentalRequestSummaryDto,
} from '@stockyard/shared';
import { Eye, MoreHorizontal, Plus } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { ExportMenu } from '@/components/export-menu';
import { PageIntro } from '@/components/page-intro';
import { DiscardRefusedWrite, PendingWriteState } from '@/components/pending-write';
import { SearchField } from '@/components/search-field';
import { Button, buttonVariants } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { Select } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Pagination } from '@/components/ui/pagination';
import { ListBody, Table, TD, TH, THead, TR } from '@/components/ui/table';
import { useListParams } from '@/hooks/use-list-params';
import { usePagedList } from '@/hooks/use-paged-list';
import { useSearchInput } from '@/hooks/use-search-input';
import { formatDate } from '@/lib/dates';
import { useOutbox } from '@/lib/offline/device';
import type { OutboxEntry } from '@/lib/offline/outbox';
import { INTROS } from '@/lib/page-intros';
import { useCan, useSession } from '@/lib/session';
import { useRentalRequests } from './api/get-rental-requests';
import type { Decision } from './api/save-rental-request';
import { DecisionDialog } from './components/decision-dialog';
import { RequestStatusBadge } from './components/request-status-badge';

type PageSize = (typeof PAGE_SIZES.rentalRequestChoices)[number];

/** The request list (02 section 2.7). */
export default function RentalRequestsPage() {
  const user = useSession()?.user;
  const can = useCan();
  const mayDecide = can('PATCH /api/rental-requests/:id/approve');
  const { page, filters, setPage, replacePage, setFilters } = useListParams({
    search: 'text',
    status: RENTAL_REQUEST_STATUSES,
    limit: PAGE_SIZES.rentalRequestChoices,
  });
  const { search, status } = filters;
  const limit = Number(filters.limit || PAGE_SIZES.rentalRequests) as PageSize;
  const searchBox = useSearchInput(search, (value, options) =>
    setFilters({ search: value }, options),
  );
  const [deciding, setDeciding] = useState<{ id: number; decision: Decision } | null>(null);

  const listFilters = {
    search: search || undefined,
    status: (status || undefined) as RentalRequestStatus | undefined,
  };
  const query = useRentalRequests({ page, limit, ...listFilters });
  const { rows, total, totalPages, state } = usePagedList(query, page, replacePage);
  const filtered = search !== '' || status !== '';
  // Requests made on this device that the server does not have yet: first on the
  // first page, while they could be of the list's filters (any request starts as Pending).
  const waiting = useOutbox('request').filter((entry) => {
    if (entry.preview.kind !== 'request' || page !== 1) return false;
    if (status !== '' && status !== 'PENDING') return false;
    const words = search.trim().toLowerCase();
    if (words === '') return true;
    const { location = '', items = [], summary } = entry.preview;
    return [location, summary, ...items.map((item) => item.name)].some((text) =>
      text.toLowerCase().includes(words),
    );
  });

  return (
    <div className="space-y-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <PageIntro intro={INTROS.rentalRequests()} />
        <div className="flex flex-wrap gap-2">
          <ExportMenu
            path="/rental-requests/export"
            filters={listFilters}
            fileName="rental-requests"
          />
          {/* Only a field manager asks for material (02 section 6). */}
          {user && normalizeRole(user.role) === 'USER' ? (
            <Link to="/requests/bulk/new" className={buttonVariants()}>
              <Plus className="h-4 w-4" aria-hidden />
              New Request
            </Link>
          ) : null}
        </div>
      </div>

      <Card>
        <div className="flex flex-col gap-3 border-b border-border p-4 sm:flex-row">
          <SearchField
            label="Search requests"
            placeholder="Search by request ID, requester or location..."
            value={searchBox.text}
            onChange={searchBox.setText}
            className="sm:flex-1"
          />
          <Select
            aria-label="Filter by status"
            className="sm:w-44"
            value={status}
            onChange={(event) => setFilters({ status: event.target.value as RentalRequestStatus })}
          >
            <option value="">All Statuses</option>
            {RENTAL_REQUEST_STATUSES.map((value) => (
              <option key={value} value={value}>
                {RENTAL_REQUEST_STATUS_LABELS[value]}
              </option>
            ))}
          </Select>
        </div>

        <Table aria-label="Rental requests">
          <THead>
            <TR>
              <TH>Request ID</TH>
              <TH>Request By</TH>
              <TH>Location</TH>
              <TH>Date</TH>
              <TH># of Items</TH>
              <TH>Status</TH>
              <TH className="text-right">Actions</TH>
            </TR>
          </THead>
          <ListBody
            before={waiting.map((entry) => (
              <WaitingRequestRow key={entry.key} entry={entry} requester={user ?? null} />
            ))}
            state={state}
            columns={7}
            count={rows.length}
            loading="Loading requests..."
            failed={M.listLoad}
            empty={filtered ? 'No rental requests match your filters.' : M.empty}
            onRetry={() => void query.refetch()}
          >
            {rows.map((request) => (
              <RequestRow
                key={request.id}
                request={request}
                mayDecide={mayDecide}
                onDecide={(decision) => setDeciding({ id: request.id, decision })}
              />
            ))}
          </ListBody>
        </Table>

        <div className="flex items-center gap-2 border-t border-border px-4 pt-3 text-sm">
          <Label htmlFor="requests-page-size">Rows per page</Label>
          <Select
            id="requests-page-size"
            className="w-20"
            value={limit}
            onChange={(event) => setFilters({ limit: event.target.value as `${PageSize}` })}
          >
            {PAGE_SIZES.rentalRequestChoices.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </Select>
        </div>
        <Pagination
          page={page}
          totalPages={totalPages}
          onPageChange={setPage}
          summary={`Page ${page} of ${Math.max(totalPages, 1)} (Total ${total} requests)`}
        />
      </Card>

      <DecisionDialog
        request={deciding}
        onOpenChange={(open) => {
          if (!open) setDeciding(null);
        }}
      />
    </div>
  );
}

/**
 * A request kept on this device, with what was asked: not yet a request of the server's (no id,
 * nothing to open or decide), until the outbox has sent it and the list is read again.
 */
function WaitingRequestRow({
  entry,
  requester,
}: {
  entry: OutboxEntry;
  requester: { name: string; email: string } | null;
}) {
  if (entry.preview.kind !== 'request') return null;
  const { location, requestedDate, items, summary } = entry.preview;
  return (
    <TR data-testid="pending-request">
      <TD className="text-muted-foreground">-</TD>
      <TD>
        <div>{requester?.name ?? '-'}</div>
        <div className="text-xs text-muted-foreground">{requester?.email}</div>
      </TD>
      <TD>{location ?? '-'}</TD>
      <TD className="whitespace-nowrap">{requestedDate ? formatDate(requestedDate) : '-'}</TD>
      <TD>
        {items ? items.length : '-'}
        <span className="block text-xs text-muted-foreground">
          {items
            ? items
                .map(
                  (item) =>
                    `${item.quantity} ${MATERIAL_UNIT_LABELS[item.unit as MaterialUnit] ?? item.unit} ${item.name}`,
                )
                .join(', ')
            : summary}
        </span>
      </TD>
      <TD>
        <PendingWriteState entry={entry} />
      </TD>
      <TD className="text-right">
        <DiscardRefusedWrite entry={entry} />
      </TD>
    </TR>
  );
}

function RequestRow({
  request,
  mayDecide,
  onDecide,
}: {
  request: RentalRequestSummaryDto;
  mayDecide: boolean;
  onDecide: (decision: Decision) => void;
}) {
  return (
    <TR>
      <TD className="font-medium">#{request.id}</TD>
      <TD>
        <div>{request.requestedBy?.name ?? '-'}</div>
        <div className="text-xs text-muted-foreground">{request.requestedBy?.email}</div>
      </TD>
      <TD>{request.location.name}</TD>
      <TD className="whitespace-nowrap">{formatDate(request.requestedDate)}</TD>
      <TD>{request.itemCount}</TD>
      <TD>
        <RequestStatusBadge status={request.status} />
      </TD>
      <TD>
        <div className="flex items-center justify-end gap-1">
          <Link
            to={`/requests/${request.id}`}
            className={buttonVariants({ variant: 'ghost', size: 'sm' })}
            aria-label={`View Details of request #${request.id}`}
          >
            <Eye className="h-4 w-4" aria-hidden />
            <span className="hidden md:inline">View Details</span>
          </Link>
          {mayDecide && request.status === 'PENDING' ? (
            <DropdownMenu>
              <DropdownMenuTrigger asChild>
                <Button variant="ghost" size="icon" aria-label={`Decide request #${request.id}`}>
                  <MoreHorizontal className="h-4 w-4" aria-hidden />
                </Button>
              </DropdownMenuTrigger>
              <DropdownMenuContent>
                <DropdownMenuItem onSelect={() => onDecide('approve')}>Approve</DropdownMenuItem>
                <DropdownMenuItem className="text-destructive" onSelect={() => onDecide('reject')}>
                  Reject
                </DropdownMenuItem>
              </DropdownMenuContent>
            </DropdownMenu>
          ) : null}
        </div>
      </TD>
    </TR>
  );
}
