import { createFileRoute } from '@tanstack/react-router';
import { useSession } from '~/entities/session/use-session';
import { NoServicesBusiness } from '~/features/services/components/no-business';
import { ServiceCreatePage } from '~/features/services/components/service-create-page';

export const Route = createFileRoute('/{-$locale}/_dashboard/services/create')({
  component: ServiceCreateRoute,
});

function ServiceCreateRoute() {
  const { tenant } = useSession();
  return tenant ? <ServiceCreatePage key={tenant.id} tenant={tenant} /> : <NoServicesBusiness />;
}
