import { LIVE_TOPICS, type LiveTopic } from '@stockyard/shared';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { useEffect } from 'react';
import { attendanceKeys } from '@/features/attendance/api/get-attendance';
import { catalogueKeys } from '@/features/catalogue/api/get-catalogue';
import { dashboardKeys } from '@/features/dashboard/api/get-dashboard-counts';
import { materialKeys } from '@/features/inventory/api/get-materials';
import { invoiceKeys } from '@/features/invoices/api/get-invoices';
import { locationKeys } from '@/features/locations/api/get-locations';
import { rentalKeys } from '@/features/material-rentals/api/get-rentals';
import { rentalRequestKeys } from '@/features/rental-requests/api/get-rental-requests';
import { billingSettingsKeys } from '@/features/settings/api/billing-settings-api';
import { staffKeys } from '@/features/staff/api/get-staff';
import { userKeys } from '@/features/users/api/get-users';
import { companyProfileKey } from '@/hooks/use-company-profile';
import type { AppSocket } from '@/lib/socket';

/**
 * The queries that show each kind of record, read again when the socket says records of that kind
 * changed: the one place where the open lists and details follow everyone's writes. A query is
 * named by its prefix, so that every list, page, detail and option list under it follows.
 */
export const LIVE_QUERY_KEYS: Record<LiveTopic, readonly QueryKey[]> = {
  requests: [rentalRequestKeys.all, dashboardKeys.all],
  // A rental moves stock (its own notice) and may close a request.
  rentals: [rentalKeys.all, rentalRequestKeys.all, dashboardKeys.all],
  // The catalogue's totals are its types' stock; its changes (material_types) are heard as stock.
  stock: [materialKeys.all, catalogueKeys.all, dashboardKeys.all],
  invoices: [invoiceKeys.all, dashboardKeys.all],
  // The attendance list and its staff picker show the staff's names.
  staff: [staffKeys.all, attendanceKeys.all, dashboardKeys.all],
  attendance: [attendanceKeys.all, dashboardKeys.all],
  users: [userKeys.all, dashboardKeys.all],
  // Every list that names a location shows its new name.
  locations: [
    locationKeys.all,
    materialKeys.all,
    catalogueKeys.all,
    rentalRequestKeys.all,
    rentalKeys.all,
    invoiceKeys.all,
    staffKeys.all,
    attendanceKeys.all,
    userKeys.all,
    dashboardKeys.all,
  ],
  // The company's profile and its money settings (issue 33).
  company: [companyProfileKey, billingSettingsKeys.billing, billingSettingsKeys.workRates],
};

/**
 * Reads again, once each, the queries of these kinds of records that are on screen. A query being
 * read already is not read a second time (`cancelRefetch: false` joins the read in flight instead
 * of cancelling and repeating it): the writer's own screen, whose mutation's onSuccess has just
 * started that read after the write's reply, hears its own write's `changed` too, and so reads
 * once (issue 53.3, decision 060).
 */
function invalidateTopics(queryClient: QueryClient, topics: readonly LiveTopic[]): void {
  const keys = new Map<string, QueryKey>();
  for (const topic of topics) {
    for (const key of LIVE_QUERY_KEYS[topic] ?? []) keys.set(JSON.stringify(key), key);
  }
  for (const queryKey of keys.values()) {
    void queryClient.invalidateQueries({ queryKey }, { cancelRefetch: false });
  }
}

/**
 * Keeps the open lists and details in step with everyone's writes: the socket's `changed` names
 * the kinds of records that changed; after a reconnect, whatever changed meanwhile is unknown,
 * so every kind is read again. (Notifications follow their own event.)
 */
export function useLiveUpdates(socket: AppSocket | null, queryClient: QueryClient): void {
  useEffect(() => {
    if (!socket) return;
    // The first connection of a socket that was not up yet is no reconnection.
    let connectedBefore = socket.connected;
    const onChanged = (topics: LiveTopic[]) => invalidateTopics(queryClient, topics);
    const onConnect = () => {
      if (connectedBefore) invalidateTopics(queryClient, LIVE_TOPICS);
      connectedBefore = true;
    };
    socket.on('changed', onChanged);
    socket.on('connect', onConnect);
    return () => {
      socket.off('changed', onChanged);
      socket.off('connect', onConnect);
    };
  }, [socket, queryClient]);
}
