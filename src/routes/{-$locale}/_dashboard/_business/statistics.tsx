import { createFileRoute } from '@tanstack/react-router';
import { useBusiness } from '~/entities/session/use-business';
import { StatisticsPage } from '~/features/statistics/components/statistics-page';

// The chart library (@mantine/charts with recharts) is imported only by this route's component,
// which the router splits into its own chunk: /login and home never load it.
export const Route = createFileRoute('/{-$locale}/_dashboard/_business/statistics')({
  component: StatisticsRoute,
});

function StatisticsRoute() {
  const tenant = useBusiness();
  return <StatisticsPage key={tenant.id} tenant={tenant} />;
}
