import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { DateInput } from '@/components/ui/date-input';
import { Select } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Pagination } from '@/components/ui/pagination';
import { Folded, Table, TableMessage, TBody, TD, TH, THead, TR } from '@/components/ui/table';
import { useListParams } from '@/hooks/use-list-params';
import { useLocationOptions } from '@/hooks/use-location-options';
import { useLastPageGuard } from '@/hooks/use-paged-list';
import { formatDateTime, isIsoDate } from '@/lib/dates';
import { useCodeTypefaces } from '@/lib/typefaces';
import { type ActivityLog, useActivityLogs } from './api/get-activity-logs';
import { ActivityDetailsDialog } from './components/activity-details-dialog';

const COLUMNS = 6;

/** Activity Tracking (03 section 2.8): the activity log, newest first, for admins. */
export default function ActivityTrackingPage() {
  useCodeTypefaces();
  const { page, filters, setPage, replacePage, setFilters } = useListParams({
    location: 'id',
    date: 'date',
  });
  const { location: locationId, date } = filters;
  const [selected, setSelected] = useState<ActivityLog | null>(null);
  const locations = useLocationOptions('all');
  const query = useActivityLogs({
    page,
    locationId: locationId ? Number(locationId) : undefined,
    startDate: date || undefined,
  });
  const data = query.data;
  const totalPages = Math.max(data?.totalPages ?? 1, 1);
  useLastPageGuard(page, query.isPlaceholderData ? undefined : data?.totalPages, replacePage);

  let message: React.ReactNode = null;
  if (query.isError) {
    message = (
      <div role="alert" className="flex flex-col items-center gap-2">
        <p className="text-base font-semibold text-foreground">Something went wrong</p>
        <p className="text-destructive">Failed to fetch activities.</p>
        <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
          Try Again
        </Button>
      </div>
    );
  } else if (query.isPending) {
    message = 'Loading...';
  } else if (!data || data.logs.length === 0) {
    message = 'No activities found';
  }

  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-semibold">Activity Tracking</h1>
      <Card>
        <div className="flex flex-col gap-3 border-b border-border p-4 sm:flex-row sm:items-end">
          <div className="space-y-1.5 sm:w-64">
            <Label htmlFor="activity-location">Location</Label>
            <Select
              id="activity-location"
              value={locationId}
              onChange={(event) => setFilters({ location: event.target.value })}
            >
              <option value="">All</option>
              {(locations.data ?? []).map((location) => (
                <option key={location.id} value={location.id}>
                  {location.name}
                </option>
              ))}
            </Select>
          </div>
          <div className="space-y-1.5 sm:w-48">
            <Label htmlFor="activity-date">Date</Label>
            <DateInput
              id="activity-date"
              value={date}
              onChange={(value) => {
                // The list follows a whole date or an emptied field, not a half-typed one.
                if (value === '' || isIsoDate(value)) setFilters({ date: value });
              }}
            />
          </div>
          {locationId || date ? (
            <Button variant="ghost" onClick={() => setFilters({ location: '', date: '' })}>
              Clear filters
            </Button>
          ) : null}
          {locations.isError ? (
            <p className="text-sm text-destructive sm:self-center">Failed to fetch locations.</p>
          ) : null}
        </div>
        <Table aria-label="Activity logs">
          <THead>
            <tr>
              <TH from="md">Location</TH>
              <TH from="md">User</TH>
              <TH className="md:min-w-64">Description</TH>
              <TH from="md">Action</TH>
              <TH from="md">Timestamp</TH>
              <TH className="text-right">Details</TH>
            </tr>
          </THead>
          <TBody>
            {message ? (
              <TableMessage colSpan={COLUMNS}>{message}</TableMessage>
            ) : (
              data?.logs.map((log) => (
                <TR key={log.id}>
                  <TD from="md" className="whitespace-nowrap">
                    {log.location?.name ?? '-'}
                  </TD>
                  <TD from="md" className="whitespace-nowrap">
                    {log.user?.name ?? '-'}
                  </TD>
                  <TD className="wrap-anywhere">
                    {log.description}
                    {/* On a phone the other columns sit under the description. */}
                    <Folded until="md">
                      <span className="mt-1 block text-xs text-muted-foreground">
                        {[
                          log.action,
                          log.location?.name,
                          log.user?.name,
                          formatDateTime(log.timestamp),
                        ]
                          .filter(Boolean)
                          .join(' · ')}
                      </span>
                    </Folded>
                  </TD>
                  <TD from="md" className="whitespace-nowrap">
                    <span className="rounded bg-muted px-2 py-0.5 font-mono text-xs">
                      {log.action}
                    </span>
                  </TD>
                  <TD from="md" className="whitespace-nowrap text-muted-foreground">
                    {formatDateTime(log.timestamp)}
                  </TD>
                  <TD className="text-right">
                    <Button
                      variant="outline"
                      size="sm"
                      className="whitespace-nowrap"
                      onClick={() => setSelected(log)}
                    >
                      View Details
                    </Button>
                  </TD>
                </TR>
              ))
            )}
          </TBody>
        </Table>
        <Pagination
          page={page}
          totalPages={totalPages}
          onPageChange={setPage}
          summary={`Page ${page} of ${totalPages}. Total: ${data?.totalLogs ?? 0} activities.`}
        />
      </Card>
      <ActivityDetailsDialog log={selected} onClose={() => setSelected(null)} />
    </div>
  );
}
