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

