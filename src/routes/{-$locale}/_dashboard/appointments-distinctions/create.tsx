import { createFileRoute } from '@tanstack/react-router';
import { useSession } from '~/entities/session/use-session';
import { DistinctionCreatePage } from '~/features/appointment-distinctions/components/distinction-create-page';
import { NoDistinctionsBusiness } from '~/features/appointment-distinctions/components/no-business';

export const Route = createFileRoute('/{-$locale}/_dashboard/appointments-distinctions/create')({
  component: DistinctionCreateRoute,
});

function DistinctionCreateRoute() {
  const { tenant } = useSession();
  return tenant ? <DistinctionCreatePage key={tenant.id} tenant={tenant} /> : <NoDistinctionsBusiness />;
}
