import { createFileRoute } from '@tanstack/react-router';
import { useBusiness } from '~/entities/session/use-business';
import { ServiceObjectCreatePage } from '~/features/service-objects/components/service-object-create-page';

export const Route = createFileRoute('/{-$locale}/_dashboard/_business/customers/$customerId/create')({
  component: ServiceObjectCreateRoute,
});

function ServiceObjectCreateRoute() {
  const tenant = useBusiness();
  const { customerId } = Route.useParams();
  return <ServiceObjectCreatePage key={`${tenant.id}/${customerId}`} tenant={tenant} customerId={customerId} />;
}
