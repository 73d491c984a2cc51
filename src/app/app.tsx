import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { queryClient } from './query-client';
import { useLayoutEffect } from 'react';
import { appMounted, loadBeforeFirstRender, preloadCurrentRouteChunks, router } from './router';
import { cssVariablesResolver, theme } from './theme';

export { loadBeforeFirstRender, preloadCurrentRouteChunks, router };

export function App() {
  // After the router's own (a child's effect runs first): it now listens to the history itself.
  useLayoutEffect(appMounted, []);
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="auto">
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>
  );
}
