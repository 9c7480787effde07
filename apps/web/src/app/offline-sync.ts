import { can, ownLocation, PAGE_SIZES, type SessionUser, thisMonth } from '@stockyard/shared';
import type { FetchQueryOptions, QueryClient, QueryKey } from '@tanstack/react-query';
import { activeStaffQuery, attendanceListQuery } from '@/features/attendance/api/get-attendance';
import { materialsQuery } from '@/features/inventory/api/get-materials';
import { rentalStatsQuery, rentalsQuery } from '@/features/material-rentals/api/get-rentals';
import { rentalReturnsQuery } from '@/features/material-rentals/api/get-returns';
import { rentalRequestsQuery } from '@/features/rental-requests/api/get-rental-requests';
import { staffListQuery } from '@/features/staff/api/get-staff';
import { locationOptionsQuery } from '@/hooks/use-location-options';
import { markSynced } from '@/lib/offline/device-db';

/**
 * Reads a field manager's working set (decision 041) into the cache, which keeps it on the device:
 * their location's inventory, the rentals to their site with each one's returns, their requests,
 * their staff and this month's attendance, as the screens first ask for them (the same query
 * keys, so that each screen finds its answer offline). Only what the user may see is asked.
 * Answers whether every part came.
 */
export async function syncWorkingSet(
  queryClient: QueryClient,
  user: SessionUser,
): Promise<boolean> {
  const locationId = ownLocation(user);
  if (locationId === null) return false;
  const fetch = <T, K extends QueryKey>(options: FetchQueryOptions<T, Error, T, K>) =>
    queryClient.fetchQuery({ ...options, staleTime: 0, retry: false });
  const parts: Promise<unknown>[] = [fetch(locationOptionsQuery())];
  if (can(user, 'GET /api/materials/list')) parts.push(fetch(materialsQuery({ page: 1 })));
  if (can(user, 'GET /api/material-rentals')) {
    parts.push(
      fetch(rentalStatsQuery()),
      fetch(rentalsQuery({ page: 1, locationId })).then((answer) =>
        Promise.all(answer.data.rentals.map((rental) => fetch(rentalReturnsQuery(rental.id)))),
      ),
    );
  }
  if (can(user, 'GET /api/rental-requests')) {
    parts.push(fetch(rentalRequestsQuery({ page: 1, limit: PAGE_SIZES.rentalRequests })));
  }
  if (can(user, 'GET /api/staff')) {
    parts.push(fetch(staffListQuery(1, { locationId })), fetch(activeStaffQuery()));
  }
  if (can(user, 'GET /api/attendance')) {
    parts.push(fetch(attendanceListQuery(1, { month: thisMonth(), locationId })));
  }
  const settled = await Promise.allSettled(parts);
  const whole = settled.every((part) => part.status === 'fulfilled');
  if (whole) await markSynced(user.id, Date.now());
  return whole;
}
