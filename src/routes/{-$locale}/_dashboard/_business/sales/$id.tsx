import { createFileRoute } from '@tanstack/react-router';
import { useBusiness } from '~/entities/session/use-business';
import { SalePage } from '~/features/sales/components/sale-page';

export const Route = createFileRoute('/{-$locale}/_dashboard/_business/sales/$id')({
  component: SaleRoute,
});

function SaleRoute() {
  const tenant = useBusiness();
  const { id } = Route.useParams();
  return <SalePage key={`${tenant.id}/${id}`} tenant={tenant} id={id} />;
}
