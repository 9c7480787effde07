import {
  LOCATION_STATUS_LABELS,
  LOCATION_STATUSES,
  LOCATION_TYPE_LABELS,
  LOCATION_TYPES,
  type LocationDto,
  type LocationStatus,
  type LocationType,
  PAGE_SIZES,
} from '@stockyard/shared';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { ExportMenu } from '@/components/export-menu';
import { PageIntro } from '@/components/page-intro';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Select } from '@/components/ui/input';
import { Pagination } from '@/components/ui/pagination';
import { useListParams } from '@/hooks/use-list-params';
import { usePagedList } from '@/hooks/use-paged-list';
import { showingRange } from '@/lib/format';
import { INTROS } from '@/lib/page-intros';
import { useCan } from '@/lib/session';
import { notifyToast } from '@/lib/toast';
import { useDeleteLocation } from './api/delete-location';
import { useLocations } from './api/get-locations';
import { CustomerRatesDialog } from './components/customer-rates-dialog';
import { LocationFormDialog } from './components/location-form-dialog';
import { LocationsTable } from './components/locations-table';

export default function LocationsPage() {
  const can = useCan();
  const { page, filters, setPage, replacePage, setFilters } = useListParams({
    type: LOCATION_TYPES,
    status: LOCATION_STATUSES,
  });
  const { type, status } = filters;
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [editing, setEditing] = useState<LocationDto | null>(null);
  const [deleting, setDeleting] = useState<LocationDto | null>(null);
  const [pricing, setPricing] = useState<LocationDto | null>(null);

  const listFilters = { type: type || undefined, status: status || undefined };
  const query = useLocations({ page, ...listFilters });
  const remove = useDeleteLocation();
  const { rows: locations, total, totalPages, state } = usePagedList(query, page, replacePage);

  const openAdd = () => {
    setEditing(null);
    setFormOpen(true);
  };
  const openEdit = (location: LocationDto) => {
    setEditing(location);
    setFormOpen(true);
  };
  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        notifyToast.success('Location Deleted');
        if (selectedId === deleting.id) setSelectedId(null);
      },
      onSettled: () => setDeleting(null),
    });
  };

  return (
    <div className="space-y-6">
      <PageIntro intro={INTROS.locations()} />

      <Card>
        <div className="flex flex-col gap-3 border-b border-border p-4 sm:flex-row">
          <Select
            aria-label="Filter by type"
            className="sm:w-44"
            value={type}
            onChange={(event) => setFilters({ type: event.target.value as LocationType | '' })}
          >
            <option value="">All Types</option>
            {LOCATION_TYPES.map((value) => (
              <option key={value} value={value}>
                {LOCATION_TYPE_LABELS[value]}
              </option>
            ))}
          </Select>
          <Select
            aria-label="Filter by status"
            className="sm:w-44"
            value={status}
            onChange={(event) => setFilters({ status: event.target.value as LocationStatus | '' })}
          >
            <option value="">All Status</option>
            {LOCATION_STATUSES.map((value) => (
              <option key={value} value={value}>
                {LOCATION_STATUS_LABELS[value]}
              </option>
            ))}
          </Select>
          <div className="flex gap-2 sm:ml-auto">
            <ExportMenu path="/locations/export" filters={listFilters} fileName="locations" />
            {can('POST /api/locations/create') ? (
              <Button onClick={openAdd}>
                <Plus className="h-4 w-4" aria-hidden />
                Add Location
              </Button>
            ) : null}
          </div>
        </div>
        <LocationsTable
          locations={locations}
          state={state}
          selectedId={selectedId}
          onSelect={setSelectedId}
          onEdit={can('PUT /api/locations/update/:id') ? openEdit : undefined}
          onDelete={can('DELETE /api/locations/remove/:id') ? setDeleting : undefined}
          onRates={can('GET /api/locations/:id/rates') ? setPricing : undefined}
          printLabels={can('GET /api/labels')}
          onRetry={() => void query.refetch()}
        />
        <Pagination
          page={page}
          totalPages={totalPages}
          onPageChange={setPage}
          summary={showingRange(page, PAGE_SIZES.locations, total, 'locations')}
        />
      </Card>

      <LocationFormDialog open={formOpen} onOpenChange={setFormOpen} location={editing} />
      <CustomerRatesDialog
        location={pricing}
        onOpenChange={(open) => {
          if (!open) setPricing(null);
        }}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open) setDeleting(null);
        }}
        title={deleting ? `Delete ${deleting.name}?` : 'Delete location?'}
        description="This action cannot be undone and will remove all associated data."
        pending={remove.isPending}
        onConfirm={confirmDelete}
      />
    </div>
  );
}
