import { createFileRoute } from '@tanstack/react-router';
import { useSession } from '~/entities/session/use-session';
import { ServiceObjectCreatePage } from '~/features/service-objects/components/service-object-create-page';

export const Route = createFileRoute('/{-$locale}/_dashboard/customers/$customerId/create')({
  component: ServiceObjectCreateRoute,
});

function ServiceObjectCreateRoute() {
  const { tenant } = useSession();
  const { customerId } = Route.useParams();
  return tenant ? <ServiceObjectCreatePage key={`${tenant.id}/${customerId}`} tenant={tenant} customerId={customerId} /> : null;
}
