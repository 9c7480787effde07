import {
  ATTENDANCE_EXPORT_FILE,
  ATTENDANCE_STATUSES,
  type AttendanceDto,
  type AttendanceStatus,
  labelOf,
  ATTENDANCE_MESSAGES as M,
  ownLocation,
  PAGE_SIZES,
  thisMonth,
} from '@stockyard/shared';
import { ArrowLeft, CalendarPlus } from 'lucide-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { ExportMenu } from '@/components/export-menu';
import { LocationFilter } from '@/components/location-filter';
import { PageIntro } from '@/components/page-intro';
import { SearchField } from '@/components/search-field';
import { Button, buttonVariants } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Input, Select } from '@/components/ui/input';
import { Pagination } from '@/components/ui/pagination';
import { useListParams } from '@/hooks/use-list-params';
import { usePagedList } from '@/hooks/use-paged-list';
import { useSearchInput } from '@/hooks/use-search-input';
import { deferredDialog } from '@/lib/deferred-dialog';
import { serverMessage } from '@/lib/form-errors';
import { useOutbox } from '@/lib/offline/device';
import { INTROS } from '@/lib/page-intros';
import { useCan, useSession } from '@/lib/session';
import { useAttendanceList, useStaffMember } from './api/get-attendance';
import { AttendanceTable, type WaitingAttendance } from './components/attendance-table';

const AttendanceFormDialog = deferredDialog(() =>
  import('./components/attendance-form-dialog').then((m) => m.AttendanceFormDialog),
);

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;
/** The URL's word for "every month" (the picker cleared); no month in the URL is this month. */
const ALL_MONTHS = 'all';

/** "Showing a to b of N records" (03 section 2.3). */
function showing(page: number, total: number) {
  if (total === 0) return M.showing(0, 0, 0);
  const from = (page - 1) * PAGE_SIZES.attendance + 1;
  return M.showing(from, Math.min(page * PAGE_SIZES.attendance, total), total);
}

/** Staff Attendance (03 section 2.3): /attendance, or /attendance/{staffId} fixed to one person. */
export default function AttendancePage() {
  const user = useSession()?.user;
  const can = useCan();
  const manage = can('POST /api/attendance');
  const scope = user ? ownLocation(user) : null;
  const { staffId: staffParam } = useParams();
  const staffId = staffParam && /^[1-9]\d{0,9}$/.test(staffParam) ? Number(staffParam) : null;
  const member = useStaffMember(staffId);
  const { page, filters, setPage, replacePage, setFilters } = useListParams({
    search: 'text',
    month: 'text',
    status: ATTENDANCE_STATUSES,
    location: 'id',
  });
  const month =
    filters.month === ALL_MONTHS ? '' : MONTH.test(filters.month) ? filters.month : thisMonth();
  const searchBox = useSearchInput(filters.search, (value, options) =>
    setFilters({ search: value }, options),
  );
  const listFilters = {
    search: staffId === null ? filters.search || undefined : undefined,
    month: month || undefined,
    status: (filters.status as AttendanceStatus) || undefined,
    locationId: scope ?? (filters.location ? Number(filters.location) : undefined),
    staffId: staffId ?? undefined,
  };
  const query = useAttendanceList(page, listFilters);
  const list = usePagedList(query, page, replacePage);
  // Marks made on this device, not yet on the server, of the staff and month in view.
  const waiting: WaitingAttendance[] = useOutbox('attendance').flatMap((entry) => {
    const mark = entry.preview;
    if (mark.kind !== 'attendance') return [];
    if (staffId !== null && mark.staffId !== staffId) return [];
    if (month && !mark.date.startsWith(month)) return [];
    return [
      { ...mark, key: entry.key, title: entry.title, error: entry.error } as WaitingAttendance,
    ];
  });

  const [formOpen, setFormOpen] = useState(false);
  const [editing, setEditing] = useState<AttendanceDto | null>(null);
  if (staffId !== null && member.isError) {
    return (
      <div className="space-y-4">
        <h1 className="text-2xl font-semibold">{INTROS.attendance().heading}</h1>
        <p role="alert" className="text-destructive">
          {serverMessage(member.error) ?? M.staffNotFound}
        </p>
        <Link to="/staff" className={buttonVariants({ variant: 'outline' })}>
          Back to Staff
        </Link>
      </div>
    );
  }
  const fixedStaff = member.data ?? null;

  return (
    <div className="space-y-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <PageIntro
          intro={
            staffId !== null
              ? {
                  heading: INTROS.attendance().heading,
                  description: `The attendance of ${fixedStaff?.name ?? '...'}.`,
                }
              : INTROS.attendance()
          }
        />
        <div className="flex flex-wrap gap-2">
          {staffId !== null ? (
            <Link to="/attendance" className={buttonVariants({ variant: 'ghost' })}>
              <ArrowLeft className="h-4 w-4" aria-hidden />
              All Staff
            </Link>
          ) : null}
          <ExportMenu
            path="/attendance/export"
            filters={listFilters}
            fileName={ATTENDANCE_EXPORT_FILE}
            failedText={M.exportFailed}
            successText={M.exportedText}
          />
          {manage ? (
            <Button
              disabled={staffId !== null && !fixedStaff}
              onClick={() => {
                setEditing(null);
                setFormOpen(true);
              }}
            >
              <CalendarPlus className="h-4 w-4" aria-hidden />
              Mark Attendance
            </Button>
          ) : null}
        </div>
      </div>

      <Card>
        <div className="flex flex-col gap-3 border-b border-border p-4 md:flex-row">
          {staffId === null ? (
            <SearchField
              label="Search by staff name"
              placeholder={M.searchPlaceholder}
              value={searchBox.text}
              onChange={searchBox.setText}
              className="md:flex-1"
            />
          ) : (
            <div className="md:flex-1" />
          )}
          <Input
            type="month"
            aria-label="Filter by month"
            className="md:w-44"
            value={month}
            onChange={(event) => {
              const next = event.target.value;
              setFilters({ month: next === '' ? ALL_MONTHS : next === thisMonth() ? '' : next });
            }}
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
            className="md:w-40"
            value={filters.status}
            onChange={(event) =>
              setFilters({ status: event.target.value as AttendanceStatus | '' })
            }
          >
            <option value="">All</option>
            {ATTENDANCE_STATUSES.map((status) => (
              <option key={status} value={status}>
                {labelOf(status)}
              </option>
            ))}
          </Select>
        </div>
        <AttendanceTable
          records={list.rows}
          waiting={waiting}
          state={list.state}
          manage={manage}
          onEdit={(record) => {
            setEditing(record);
            setFormOpen(true);
          }}
          onRetry={() => void query.refetch()}
        />
        <Pagination
          page={page}
          totalPages={list.totalPages}
          onPageChange={setPage}
          summary={showing(page, list.total)}
        />
      </Card>

      {/* Mounted only while open: else its form would run on every load of the page. */}
      {formOpen ? (
        <AttendanceFormDialog
          open
          onOpenChange={setFormOpen}
          record={editing}
          fixedStaff={fixedStaff}
        />
      ) : null}
    </div>
  );
}
