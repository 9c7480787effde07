import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';

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
    mutations: { retry: false },
  },
});
