import { createRouter } from '@tanstack/react-router';
import { routeTree } from '~/routeTree.gen';
import { queryClient } from './query-client';

export const router = createRouter({
  routeTree,
  context: { queryClient },
  defaultPreload: 'intent',
  defaultPreloadStaleTime: 0,
  // SPEC §9: transitions wait about 100 ms before showing a pending state.
  defaultPendingMs: 100,
  scrollRestoration: true,
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}

/**
 * Starts fetching the code of the pages the current address shows (the route chunks the router would
 * load once the app has rendered its first frame and the guards have run): at once, beside the app's
 * start-up. The router's own load then finds them fetched (loadRouteChunk keeps one promise per route);
 * a chunk that fails is left for that load to report.
 */
export function preloadCurrentRouteChunks(): void {
  const [routes] = router.getMatchedRoutes(router.latestLocation.pathname);
  for (const route of routes) router.loadRouteChunk(route)?.catch(() => undefined);
}

/** How long the first render waits for the first page's load before it shows the frame and a loader. */
export const FIRST_LOAD_BUDGET_MS = 1_000;

let stopLoadingOnHistory: (() => void) | undefined;

/**
 * Loads the address's page (guards, loaders, code) before the app's first render, so that the page is
 * part of that render: React renders it in slices (a transition) and commits it once. Loaded after the
 * first render instead, the router's store update re-renders the whole page synchronously, in one task
 * (React renders store updates as blocking), the longest of a start-up (~670 ms on a throttled phone).
 * Until the app has mounted (appMounted), an address change (a guard's redirect) is loaded here, as the
 * mounted router's history listener would, and waited for too. The render waits no longer than
 * FIRST_LOAD_BUDGET_MS (a slow API: the frame and the page's loader are shown meanwhile, and the
 * router's load carries on). Never throws: the router reports its errors.
 */
export async function loadBeforeFirstRender(budgetMs = FIRST_LOAD_BUDGET_MS): Promise<void> {
  let latest = router.load().catch(() => undefined);
  stopLoadingOnHistory?.();
  stopLoadingOnHistory = router.history.subscribe((event) => {
    latest = router.load(event).catch(() => undefined);
  });
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), budgetMs);
  });
  try {
    for (let current = latest; ; current = latest) {
      if ((await Promise.race([current, late])) === 'late' || current === latest) break;
    }
  } finally {
    clearTimeout(timer);
  }
}

/** The app has mounted: its router listens to the history itself from now on (see loadBeforeFirstRender). */
export function appMounted(): void {
  stopLoadingOnHistory?.();
  stopLoadingOnHistory = undefined;
}
