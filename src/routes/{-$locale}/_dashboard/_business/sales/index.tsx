import { createFileRoute } from '@tanstack/react-router';
import { useBusiness } from '~/entities/session/use-business';
import { SalesListPage } from '~/features/sales/components/sales-list-page';

export const Route = createFileRoute('/{-$locale}/_dashboard/_business/sales/')({
  component: SalesRoute,
});

function SalesRoute() {
  const tenant = useBusiness();
  return <SalesListPage key={tenant.id} tenant={tenant} />;
}
