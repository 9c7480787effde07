import {
  ownLocation,
  PAGE_SIZES,
  RENTAL_MESSAGES,
  RENTAL_REQUEST_MESSAGES,
  RENTAL_STATUS_LABELS,
  RENTAL_STATUSES,
  type RentalDto,
  type RentalRequestDto,
  type RentalStatus,
  rentalName,
  requestDispatches,
} from '@stockyard/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Plus, Search } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ExportMenu } from '@/components/export-menu';
import { LocationFilter } from '@/components/location-filter';
import { PageIntro } from '@/components/page-intro';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Input, Select } from '@/components/ui/input';
import { Pagination } from '@/components/ui/pagination';
import { useListParams } from '@/hooks/use-list-params';
import { useDeferredAnswer, useLastPageGuard } from '@/hooks/use-paged-list';
import { useSearchInput } from '@/hooks/use-search-input';
import { deferredDialog } from '@/lib/deferred-dialog';
import { INTROS } from '@/lib/page-intros';
import { queryRoots } from '@/lib/query-keys';
import { useCan, useSession } from '@/lib/session';
import { notifyToast } from '@/lib/toast';
import { useRequestForRental } from './api/get-rental-request';
import { useRentalStats, useRentals } from './api/get-rentals';
import { useDeleteRental } from './api/rental-mutations';
import type { RentalPrefill } from './components/rental-form-dialog';
import type { RentalAction } from './components/rental-row-actions';
import { LocationCards, RentalStats } from './components/rental-stats';
import { RentalsTable } from './components/rentals-table';

const RentalFormDialog = deferredDialog(() =>
  import('./components/rental-form-dialog').then((m) => m.RentalFormDialog),
);
const ReturnDialog = deferredDialog(() =>
  import('./components/return-dialog').then((m) => m.ReturnDialog),
);
const ReturnHistoryDialog = deferredDialog(() =>
  import('./components/return-history-dialog').then((m) => m.ReturnHistoryDialog),
);
const NotesDialog = deferredDialog(() =>
  import('./components/notes-dialog').then((m) => m.NotesDialog),
);
const MarkReturnedDialog = deferredDialog(() =>
  import('./components/rental-corrections').then((m) => m.MarkReturnedDialog),
);

/** "Showing a to b of N rentals" for a page of the list. */
function showing(page: number, total: number): string {
  if (total === 0) return RENTAL_MESSAGES.showing(0, 0, 0);
  const from = (page - 1) * PAGE_SIZES.rentals + 1;
  return RENTAL_MESSAGES.showing(from, Math.min(page * PAGE_SIZES.rentals, total), total);
}

/**
 * What Create Rental from a request opens: the source `from` names (or the only one left), its
 * items; or why there is nothing to open (not approved, already dispatched, not a source).
 */
function dispatchOf(
  request: RentalRequestDto,
  from: number | null,
): { prefill?: Pick<RentalPrefill, 'fromLocationId' | 'items'>; refusal?: string } {
  if (request.status !== 'APPROVED')
    return { refusal: 'Only an approved request can become a rental.' };
  const dispatches = requestDispatches(request);
  const chosen =
    from === null
      ? (dispatches.find((d) => d.rental === null) ?? dispatches[0])
      : dispatches.find(
          (d) => d.from?.id === from || (d.from === null && from !== request.locationId),
        );
  if (!chosen) {
    const name = request.items.find((item) => item.sourceLocationId === from)?.sourceLocation?.name;
    return { refusal: RENTAL_REQUEST_MESSAGES.nothingFrom(request.id, name ?? 'that location') };
  }
  if (chosen.rental) {
    const made = request.rentals.find((rental) => rental.id === chosen.rental?.id);
    return {
      refusal: made
        ? RENTAL_REQUEST_MESSAGES.hasRentalFrom(request.id, made.fromLocation.name, made.id)
        : RENTAL_REQUEST_MESSAGES.hasRental,
    };
  }
  return {
    prefill: {
      fromLocationId: chosen.from?.id ?? from ?? undefined,
      items: chosen.items.map((item) =>
        chosen.from && item.materialId !== null
          ? {
              materialId: item.materialId,
              materialName: item.name,
              unit: item.unit,
              quantity: item.quantity,
            }
          : { materialName: item.name, quantity: item.quantity },
      ),
    },
  };
}

/** Material Rentals (03 section 2.9, 02 section 2.11). */
export default function MaterialRentalsPage() {
  const user = useSession()?.user;
  const can = useCan();
  // A field manager sees the rentals sent to their own location only: the server keeps them there.
  const scope = user ? ownLocation(user) : null;
  const { page, filters, setPage, replacePage, setFilters } = useListParams({
    search: 'text',
    status: RENTAL_STATUSES,
    location: 'id',
  });
  const { search, status } = filters;
  const locationId = scope ?? (filters.location ? Number(filters.location) : undefined);
  const searchBox = useSearchInput(search, (value, options) =>
    setFilters({ search: value }, options),
  );

  const permissions = {
    manage: can('POST /api/material-rentals'),
    returns: can('POST /api/material-rentals/:id/returns'),
  };
  const [formOpen, setFormOpen] = useState(false);
  const [editing, setEditing] = useState<RentalDto | null>(null);
  const [returning, setReturning] = useState<RentalDto | null>(null);
  const [history, setHistory] = useState<RentalDto | null>(null);
  const [notesOf, setNotesOf] = useState<RentalDto | null>(null);
  const [marking, setMarking] = useState<RentalDto | null>(null);
  const [deleting, setDeleting] = useState<RentalDto | null>(null);

  // ?request=12(&from=3): an approved rental request's Create Rental opens Add Rental filled from
  // it, one rental per source.
  const [params, setParams] = useSearchParams();
  const requestParam = params.get('request') ?? '';
  const fromParam = params.get('from') ?? '';
  const requestId =
    permissions.manage && /^[1-9]\d{0,9}$/.test(requestParam) ? Number(requestParam) : null;
  const fromId = /^[1-9]\d{0,9}$/.test(fromParam) ? Number(fromParam) : null;
  const fromRequest = useRequestForRental(requestId);
  const queryClient = useQueryClient();
  const savedTo = useRef<number | null>(null);
  const closeRequest = (location?: number) => {
    const next = new URLSearchParams(params);
    next.delete('request');
    next.delete('from');
    if (location !== undefined) {
      next.set('location', String(location));
      next.delete('page');
    }
    setParams(next, { replace: true });
  };
  const request = fromRequest.data;
  const dispatch = useMemo(() => (request ? dispatchOf(request, fromId) : null), [request, fromId]);
  const prefill = useMemo<RentalPrefill | undefined>(
    () =>
      request && dispatch?.prefill
        ? {
            ...dispatch.prefill,
            toLocationId: request.locationId,
            requestId: request.id,
            expectedReturnDate: request.returnDate ?? undefined,
            notes: request.notes ?? `From rental request #${request.id}`,
          }
        : undefined,
    [request, dispatch],
  );
  const refusal = dispatch?.refusal ?? null;
  useEffect(() => {
    if (refusal) notifyToast.error(refusal);
  }, [refusal]);

  const listFilters = {
    search: search || undefined,
    status: (status as RentalStatus) || undefined,
    locationId,
  };
  const query = useRentals({ page, ...listFilters });
  const stats = useRentalStats();
  const remove = useDeleteRental();

  const settled = query.data !== undefined && !query.isPlaceholderData;
  useLastPageGuard(page, settled ? query.data.data.pagination.totalPages : undefined, replacePage);
  const list = useDeferredAnswer(query);
  const figures = useDeferredAnswer(stats);
  const rentals = list.data?.data.rentals ?? [];
  const total = list.data?.data.pagination.total ?? 0;
  const totalPages = list.data?.data.pagination.totalPages ?? 1;

  const onAction = (action: RentalAction, rental: RentalDto) => {
    if (action === 'edit') {
      setEditing(rental);
      setFormOpen(true);
    } else if (action === 'return') setReturning(rental);
    else if (action === 'history') setHistory(rental);
    else if (action === 'notes') setNotesOf(rental);
    else if (action === 'markReturned') setMarking(rental);
    else setDeleting(rental);
  };
  const openAdd = () => {
    setEditing(null);
    setFormOpen(true);
  };
  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => notifyToast.success(RENTAL_MESSAGES.deleted),
      onSettled: () => setDeleting(null),
    });
  };

  return (
    <div className="space-y-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <PageIntro intro={INTROS.materialRentals()} />
        <div className="flex flex-wrap gap-2">
          <ExportMenu
            path="/material-rentals/export"
            filters={listFilters}
            fileName="material-rentals"
          />
          {permissions.manage ? (
            <Button onClick={openAdd}>
              <Plus className="h-4 w-4" aria-hidden />
              Assign New Rental
            </Button>
          ) : null}
        </div>
      </div>

      <RentalStats
        stats={figures.data}
        state={figures.state}
        showCounts={scope === null}
        onRetry={() => void stats.refetch()}
      />
      {/* Its place is kept while the figures load: inserted above the list, it moved the page. */}
      {figures.data || figures.state === 'loading' ? (
        <LocationCards byLocation={figures.data?.byLocation} ownLocationId={scope} />
      ) : null}

      <Card>
        <div className="space-y-3 border-b border-border p-4">
          <div>
            <h2 className="font-semibold">Rental Records</h2>
            <p className="text-sm text-muted-foreground" aria-live="polite">
              {RENTAL_MESSAGES.displaying(rentals.length, total)}
              {scope !== null ? ` ${RENTAL_MESSAGES.filteredByLocation}` : null}
            </p>
          </div>
          <div className="flex flex-col gap-3 md:flex-row">
            <div className="relative md:flex-1">
              <Search
                className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-muted-foreground"
                aria-hidden
              />
              <Input
                type="search"
                aria-label="Search rentals"
                placeholder={RENTAL_MESSAGES.searchPlaceholder}
                className="pl-9"
                value={searchBox.text}
                onChange={(event) => searchBox.setText(event.target.value)}
              />
            </div>
            <Select
              aria-label="Filter by status"
              className="md:w-44"
              value={status}
              onChange={(event) => setFilters({ status: event.target.value as RentalStatus | '' })}
            >
              <option value="">All Statuses</option>
              {RENTAL_STATUSES.map((value) => (
                <option key={value} value={value}>
                  {RENTAL_STATUS_LABELS[value]}
                </option>
              ))}
            </Select>
            {scope !== null ? (
              // A field manager is locked to their own location.
              <Select aria-label="Filter by location" className="md:w-52" disabled value={scope}>
                <option value={scope}>{user?.location?.name ?? 'Your location'}</option>
              </Select>
            ) : (
              <LocationFilter
                className="md:w-52"
                value={filters.location}
                onChange={(location) => setFilters({ location })}
              />
            )}
          </div>
        </div>
        <RentalsTable
          rentals={rentals}
          state={list.state}
          permissions={permissions}
          onAction={onAction}
          onRetry={() => void query.refetch()}
        />
        <Pagination
          page={page}
          totalPages={totalPages}
          onPageChange={setPage}
          summary={showing(page, total)}
        />
      </Card>

      {/* Each dialog is mounted only while open: else their forms and queries would be most of
          the page's first render. */}
      {formOpen ? <RentalFormDialog open onOpenChange={setFormOpen} rental={editing} /> : null}
      {prefill !== undefined && requestId !== null ? (
        <RentalFormDialog
          open
          onOpenChange={(open) => {
            if (open) return;
            // Once saved, the list shows the new rental's destination.
            closeRequest(savedTo.current ?? undefined);
            savedTo.current = null;
          }}
          rental={null}
          prefill={prefill}
          onSaved={(rental) => {
            savedTo.current = rental.toLocationId;
            // The request now lists its rental: its detail offers no second Create Rental.
            void queryClient.invalidateQueries({ queryKey: queryRoots.rentalRequests });
          }}
        />
      ) : null}
      {returning ? (
        <ReturnDialog
          rental={returning}
          onOpenChange={(open) => {
            if (!open) setReturning(null);
          }}
        />
      ) : null}
      {history ? (
        <ReturnHistoryDialog
          rental={history}
          onOpenChange={(open) => {
            if (!open) setHistory(null);
          }}
        />
      ) : null}
      {notesOf ? (
        <NotesDialog
          rental={notesOf}
          onOpenChange={(open) => {
            if (!open) setNotesOf(null);
          }}
        />
      ) : null}
      {marking ? (
        <MarkReturnedDialog
          rental={marking}
          onOpenChange={(open) => {
            if (!open) setMarking(null);
          }}
        />
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open) setDeleting(null);
        }}
        title={deleting ? `Delete ${rentalName(deleting)}` : 'Delete Rental'}
        description={`${deleting ? rentalName(deleting) : 'The rental'} is removed and its quantities go back into the stock of ${deleting?.fromLocation.name ?? 'its location'}. This cannot be undone.`}
        pending={remove.isPending}
        onConfirm={confirmDelete}
      />
    </div>
  );
}
