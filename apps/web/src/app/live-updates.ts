import { LIVE_TOPICS, type LiveTopic } from '@stockyard/shared';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { useEffect } from 'react';
import { queryRoots as R } from '@/lib/query-keys';
import type { AppSocket } from '@/lib/socket';

/**
 * The queries that show each kind of record, read again when the socket says records of that kind
 * changed: the one place where the open lists and details follow everyone's writes. A query is
 * named by its prefix, so that every list, page, detail and option list under it follows. The
 * prefixes are the roots of lib/query-keys, not the features' key modules, which would bring every
 * feature's schemas into the signed-in shell.
 */
export const LIVE_QUERY_KEYS: Record<LiveTopic, readonly QueryKey[]> = {
  requests: [R.rentalRequests, R.dashboard],
  // A rental moves stock (its own notice) and may close a request.
  rentals: [R.rentals, R.rentalRequests, R.dashboard],
  // The catalogue's totals are its types' stock; its changes (material_types) are heard as stock.
  stock: [R.materials, R.catalogue, R.dashboard],
  invoices: [R.invoices, R.dashboard],
  // The attendance list and its staff picker show the staff's names.
  staff: [R.staff, R.attendance, R.dashboard],
  attendance: [R.attendance, R.dashboard],
  users: [R.users, R.dashboard],
  // Every list that names a location shows its new name.
  locations: [
    R.locations,
    R.materials,
    R.catalogue,
    R.rentalRequests,
    R.rentals,
    R.invoices,
    R.staff,
    R.attendance,
    R.users,
    R.dashboard,
  ],
  // The company's profile and its money settings.
  company: [R.companyProfile, R.billingSettings, R.workRates],
};

/**
 * Reads again, once each, the queries of these kinds of records that are on screen. A query being
 * read already is not read a second time (`cancelRefetch: false` joins the read in flight instead
 * of cancelling and repeating it): the writer's own screen, whose mutation's onSuccess has just
 * started that read after the write's reply, hears its own write's `changed` too, and so reads
 * once.
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
