import { createFileRoute } from '@tanstack/react-router';
import { getSession } from '~/entities/session/session-store';
import { dashboardQuery } from '~/features/home/dashboard-query';
import { HomePage } from '~/features/home/components/home-page';

export const Route = createFileRoute('/{-$locale}/_dashboard/')({
  // The figures are fetched with the page's code, before the first render (issue 18, Lighthouse: the
  // request no longer waits for that render). A failure is the page's to show (prefetchQuery never throws).
  // One chunk for both: the static shell preloads it beside the app (scripts/static-shell.ts).
  codeSplitGroupings: [['loader', 'component']],
  loader: async ({ context }) => {
    const tenant = getSession().tenant;
    if (tenant) await context.queryClient.prefetchQuery(dashboardQuery(tenant.id));
  },
  component: HomePage,
});
