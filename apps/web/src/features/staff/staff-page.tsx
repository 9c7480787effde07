import {
  STAFF_MESSAGES as M,
  ownLocation,
  PAGE_SIZES,
  STAFF_EXPORT_FILE,
  STAFF_STATUSES,
  type StaffDto,
  type StaffStatus,
} from '@stockyard/shared';
import { Plus } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { ExportMenu } from '@/components/export-menu';
import { LocationFilter } from '@/components/location-filter';
import { PageIntro } from '@/components/page-intro';
import { SearchField } from '@/components/search-field';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Select } from '@/components/ui/input';
import { Pagination } from '@/components/ui/pagination';
import { useListParams } from '@/hooks/use-list-params';
import { usePagedList } from '@/hooks/use-paged-list';
import { useSearchInput } from '@/hooks/use-search-input';
import { deferredDialog } from '@/lib/deferred-dialog';
import { serverMessage } from '@/lib/form-errors';
import { showingRange } from '@/lib/format';
import { INTROS } from '@/lib/page-intros';
import { useCan, useSession } from '@/lib/session';
import { notifyToast } from '@/lib/toast';
import { useStaffList } from './api/get-staff';
import { useDeleteStaff } from './api/staff-mutations';
import { type StaffAction, StaffTable } from './components/staff-table';

const StaffFormDialog = deferredDialog(() =>
  import('./components/staff-form-dialog').then((m) => m.StaffFormDialog),
);
// The overview's pie chart brings the chart library: fetched when an overview is opened, not with the list.
const AttendanceOverviewDialog = deferredDialog(() =>
  import('./components/attendance-overview-dialog').then((m) => m.AttendanceOverviewDialog),
);

/** Staff Management (03 section 2.2): a field manager's people. */
export default function StaffPage() {
  const user = useSession()?.user;
  const can = useCan();
  const manage = can('POST /api/staff');
  const scope = user ? ownLocation(user) : null;
  const navigate = useNavigate();
  const { page, filters, setPage, replacePage, setFilters } = useListParams({
    search: 'text',
    status: STAFF_STATUSES,
    location: 'id',
  });
  const searchBox = useSearchInput(filters.search, (value, options) =>
    setFilters({ search: value }, options),
  );
  const listFilters = {
    search: filters.search || undefined,
    status: (filters.status as StaffStatus) || undefined,
    locationId: scope ?? (filters.location ? Number(filters.location) : undefined),
  };
  const query = useStaffList(page, listFilters);
  const list = usePagedList(query, page, replacePage);
  useEffect(() => {
    if (query.isError) notifyToast.error('Error', { id: 'staff-list', description: M.listFailed });
  }, [query.isError]);

  const [formOpen, setFormOpen] = useState(false);
  const [editing, setEditing] = useState<StaffDto | null>(null);
  const [viewing, setViewing] = useState<StaffDto | null>(null);
  const [deleting, setDeleting] = useState<StaffDto | null>(null);
  const remove = useDeleteStaff();
  const onAction = (action: StaffAction, member: StaffDto) => {
    if (action === 'addAttendance') navigate(`/attendance/${member.id}`);
    else if (action === 'viewAttendance') setViewing(member);
    else if (action === 'edit') {
      setEditing(member);
      setFormOpen(true);
    } else setDeleting(member);
  };
  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => notifyToast.success(M.deleted, { description: M.deletedText }),
      onError: (error) =>
        notifyToast.error('Error', { description: serverMessage(error) ?? M.deleteFailed }),
      onSettled: () => setDeleting(null),
    });
  };

  return (
    <div className="space-y-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <PageIntro intro={INTROS.staff()} />
        <div className="flex flex-wrap gap-2">
          <ExportMenu
            path="/staff/export"
            filters={listFilters}
            fileName={STAFF_EXPORT_FILE}
            failedText={M.exportFailed}
            successText={M.exportedText}
          />
          {manage ? (
            <Button
              onClick={() => {
                setEditing(null);
                setFormOpen(true);
              }}
            >
              <Plus className="h-4 w-4" aria-hidden />
              Add Staff
            </Button>
          ) : null}
        </div>
      </div>

      <Card>
        <div className="flex flex-col gap-3 border-b border-border p-4 md:flex-row">
          <SearchField
            label="Search staff"
            placeholder={M.searchPlaceholder}
            value={searchBox.text}
            onChange={searchBox.setText}
            className="md:flex-1"
          />
          {scope !== null ? (
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
          <Select
            aria-label="Filter by status"
            className="md:w-44"
            value={filters.status}
            onChange={(event) => setFilters({ status: event.target.value as StaffStatus | '' })}
          >
            <option value="">All</option>
            {STAFF_STATUSES.map((status) => (
              <option key={status} value={status}>
                {status}
              </option>
            ))}
          </Select>
        </div>
        <StaffTable
          staff={list.rows}
          state={list.state}
          manage={manage}
          onAction={onAction}
          onRetry={() => void query.refetch()}
        />
        <Pagination
          page={page}
          totalPages={list.totalPages}
          onPageChange={setPage}
          summary={showingRange(page, PAGE_SIZES.staff, list.total, 'staff members')}
        />
      </Card>

      {/* Mounted only while open: else its form would run on every load of the page. */}
      {formOpen ? <StaffFormDialog open onOpenChange={setFormOpen} member={editing} /> : null}
      {viewing && (
        <AttendanceOverviewDialog
          member={viewing}
          onOpenChange={(open) => {
            if (!open) setViewing(null);
          }}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open) setDeleting(null);
        }}
        title="Delete Staff"
        description={M.deleteConfirm}
        pending={remove.isPending}
        onConfirm={confirmDelete}
      />
    </div>
  );
}
