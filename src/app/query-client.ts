import { QueryClient } from '@tanstack/react-query';

// Retries of idempotent requests live in the API client (src/lib/api.ts), where the status code is
// known; TanStack Query does not retry on top of them.
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, staleTime: 30_000, refetchOnWindowFocus: true },
    mutations: { retry: false },
  },
});
