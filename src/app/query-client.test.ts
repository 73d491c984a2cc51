import { CancelledError, QueryClient, QueryObserver, type QueryFunctionContext } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from './query-client';

/** A query function like the generated ones: it hands the abort signal to the request. */
function slowConfiguration() {
  const state = { calls: 0 };
  const queryFn = ({ signal }: QueryFunctionContext) => {
    state.calls += 1;
    return new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => resolve('configuration'), 20);
      signal.addEventListener('abort', () => {
        clearTimeout(timer);
        reject(new DOMException('aborted', 'AbortError'));
      });
    });
  };
  return { state, options: { queryKey: ['configuration'], queryFn } };
}

/** A loader awaits the query while a component reading it mounts and unmounts (StrictMode does exactly that). */
async function loaderWhileObserverUnmounts(client: QueryClient) {
  const { state, options } = slowConfiguration();
  const observer = new QueryObserver(client, options);
  const unsubscribe = observer.subscribe(() => undefined);
  const loading = client.ensureQueryData(options);
  unsubscribe();
  return { loading, state };
}

describe('query client', () => {
  it('a route loader still gets its data when the last observer of the query unmounts mid-fetch', async () => {
    const { loading, state } = await loaderWhileObserverUnmounts(createQueryClient());
    await expect(loading).resolves.toBe('configuration');
    expect(state.calls).toBe(2);
  });

  it('(TanStack Query alone rejects such a loader with a CancelledError)', async () => {
    const { loading } = await loaderWhileObserverUnmounts(new QueryClient());
    await expect(loading).rejects.toBeInstanceOf(CancelledError);
  });

  it('still reports real failures', async () => {
    const client = createQueryClient();
    await expect(
      client.ensureQueryData({
        queryKey: ['broken'],
        queryFn: () => Promise.reject(new Error('500')),
      }),
    ).rejects.toThrow('500');
  });
});
