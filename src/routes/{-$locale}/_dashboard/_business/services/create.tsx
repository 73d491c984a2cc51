import { createFileRoute } from '@tanstack/react-router';
import { useBusiness } from '~/entities/session/use-business';
import { ServiceCreatePage } from '~/features/services/components/service-create-page';

export const Route = createFileRoute('/{-$locale}/_dashboard/_business/services/create')({
  component: ServiceCreateRoute,
});

function ServiceCreateRoute() {
  const tenant = useBusiness();
  return <ServiceCreatePage key={tenant.id} tenant={tenant} />;
}
