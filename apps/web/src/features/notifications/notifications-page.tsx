import { labelOf, NOTIFICATION_TYPES, type NotificationType, PAGE_SIZES } from '@stockyard/shared';
import { SearchField } from '@/components/search-field';
import { Card } from '@/components/ui/card';
import { Select } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Pagination } from '@/components/ui/pagination';
import { useListParams } from '@/hooks/use-list-params';
import { useLastPageGuard } from '@/hooks/use-paged-list';
import { useSearchInput } from '@/hooks/use-search-input';
import { useNotifications } from './api/get-notifications';
import { useMarkNotificationRead } from './api/mark-notification-read';
import { FetchErrorLine } from './components/fetch-error-line';
import { NotificationsTable } from './components/notifications-table';

type PageSize = (typeof PAGE_SIZES.notificationChoices)[number];

/** The notifications screen (03 section 2.5). */
export default function NotificationsPage() {
  const { page, filters, setPage, replacePage, setFilters } = useListParams({
    search: 'text',
    type: NOTIFICATION_TYPES,
    limit: PAGE_SIZES.notificationChoices,
  });
  const { search, type } = filters;
  const limit = Number(filters.limit || PAGE_SIZES.notifications) as PageSize;
  const searchBox = useSearchInput(search, (value, options) =>
    setFilters({ search: value }, options),
  );

  const query = useNotifications({
    page,
    limit,
    type: type || undefined,
    search: search || undefined,
  });
  const markRead = useMarkNotificationRead();
  const data = query.data;
  const totalPages = data?.totalPages ?? 1;

  // Deleting elsewhere can leave this page past the end.
  useLastPageGuard(page, query.isPlaceholderData ? undefined : data?.totalPages, replacePage);

  const filtered = search !== '' || type !== '';
  const notifications = data?.notifications ?? [];
  let message: React.ReactNode = null;
  if (query.isError && !data) {
    message = <FetchErrorLine onRetry={() => void query.refetch()} />;
  } else if (query.isPending) {
    message = 'Loading...';
  } else if (notifications.length === 0) {
    message = filtered ? 'No notifications match your filters.' : 'No notifications available.';
  }

  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-semibold">Notifications</h1>
      <Card>
        <div className="flex flex-col gap-3 border-b border-border p-4 sm:flex-row sm:items-end">
          <div className="flex-1 space-y-1.5">
            <Label htmlFor="notifications-search">Search</Label>
            <SearchField
              id="notifications-search"
              placeholder="Search notifications..."
              value={searchBox.text}
              onChange={searchBox.setText}
              maxLength={200}
            />
          </div>
          <div className="space-y-1.5 sm:w-64">
            <Label htmlFor="notifications-type">Type</Label>
            <Select
              id="notifications-type"
              value={type}
              onChange={(event) =>
                setFilters({ type: event.target.value as NotificationType | '' })
              }
            >
              <option value="">All</option>
              {NOTIFICATION_TYPES.map((value) => (
                <option key={value} value={value}>
                  {labelOf(value)}
                </option>
              ))}
            </Select>
          </div>
        </div>
        {query.isError && data ? (
          <FetchErrorLine
            className="border-b border-border p-3"
            onRetry={() => void query.refetch()}
          />
        ) : null}
        <NotificationsTable
          notifications={notifications}
          message={message}
          markingId={markRead.isPending ? (markRead.variables ?? null) : null}
          onMarkRead={(id) => markRead.mutate(id)}
        />
        <Pagination
          page={page}
          totalPages={totalPages}
          onPageChange={setPage}
          summary={
            <div className="flex items-center gap-2">
              <Label htmlFor="notifications-page-size" className="font-normal">
                Rows per page
              </Label>
              <Select
                id="notifications-page-size"
                className="h-8 w-20"
                value={limit}
                onChange={(event) => {
                  const size = Number(event.target.value) as PageSize;
                  setFilters({ limit: size === PAGE_SIZES.notifications ? '' : `${size}` });
                }}
              >
                {PAGE_SIZES.notificationChoices.map((size) => (
                  <option key={size} value={size}>
                    {size}
                  </option>
                ))}
              </Select>
              <span>{data?.totalNotifications ?? 0} total</span>
            </div>
          }
        />
      </Card>
    </div>
  );
}
