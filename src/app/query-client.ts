import {
  isCancelledError,
  QueryClient,
  type DefaultError,
  type FetchQueryOptions,
  type QueryClientConfig,
  type QueryKey,
} from '@tanstack/react-query';

/** How many times a fetch that only lost its observers is started again for the caller awaiting it. */
const CANCELLED_FETCH_RETRIES = 2;

/**
 * A QueryClient whose `fetchQuery` (and so `ensureQueryData` in route loaders) does not fail when the
 * fetch it joined is cancelled because the last component observing that query unmounted (TanStack
 * Query cancels a fetch whose abort signal was consumed when its observers go away). That happens in
 * React StrictMode's mount-unmount-mount in development (`npm run dev:mock`: /settings answered
 * "This could not be loaded" with a CancelledError) and whenever a component reading the same query
 * unmounts during a navigation. The loader still wants the data: fetch it again.
 */
export class AppQueryClient extends QueryClient {
  override async fetchQuery<TQueryFnData, TError = DefaultError, TData = TQueryFnData, TQueryKey extends QueryKey = QueryKey, TPageParam = never>(
    options: FetchQueryOptions<TQueryFnData, TError, TData, TQueryKey, TPageParam>,
  ): Promise<TData> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await super.fetchQuery(options);
      } catch (error) {
        if (!isCancelledError(error) || attempt >= CANCELLED_FETCH_RETRIES) throw error;
      }
    }
  }
}

export function createQueryClient(config: QueryClientConfig = {}): AppQueryClient {
  return new AppQueryClient(config);
}

// Retries of idempotent requests live in the API client (src/lib/api.ts), where the status code is
// known; TanStack Query does not retry on top of them.
export const queryClient = createQueryClient({
  defaultOptions: {
    queries: { retry: false, staleTime: 30_000, refetchOnWindowFocus: true },
    mutations: { retry: false },
  },
});
