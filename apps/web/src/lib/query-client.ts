import { onlineManager, QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';

// A page opened without a connection starts offline (TanStack Query assumes online until an
// event says otherwise): its queries wait, showing what the device keeps.
onlineManager.setOnline(navigator.onLine);

/** The app's one query cache; it loads with the shell, after sign-in. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 15_000,
      refetchOnWindowFocus: false,
      // Client errors will not change on retry; network trouble might.
      retry: (failures, error) =>
        failures < 2 &&
        !(error instanceof ApiError && error.status !== undefined && error.status < 500),
    },
    // A write is sent, or kept in the outbox by its screen, whatever the connection: never left
    // paused with its button spinning (TanStack Query pauses writes offline by default).
    mutations: { retry: false, networkMode: 'always' },
  },
});
