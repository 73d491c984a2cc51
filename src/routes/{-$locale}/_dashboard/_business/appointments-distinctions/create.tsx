import { createFileRoute } from '@tanstack/react-router';
import { useBusiness } from '~/entities/session/use-business';
import { DistinctionCreatePage } from '~/features/appointment-distinctions/components/distinction-create-page';

export const Route = createFileRoute('/{-$locale}/_dashboard/_business/appointments-distinctions/create')({
  component: DistinctionCreateRoute,
});

function DistinctionCreateRoute() {
  const tenant = useBusiness();
  return <DistinctionCreatePage key={tenant.id} tenant={tenant} />;
}
