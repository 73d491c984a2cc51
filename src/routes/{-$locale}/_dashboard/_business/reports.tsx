import { createFileRoute } from '@tanstack/react-router';
import { useBusiness } from '~/entities/session/use-business';
import { ReportsPage } from '~/features/reports/components/reports-page';

export const Route = createFileRoute('/{-$locale}/_dashboard/_business/reports')({
  component: ReportsRoute,
});

function ReportsRoute() {
  const tenant = useBusiness();
  return <ReportsPage key={tenant.id} tenant={tenant} />;
}
