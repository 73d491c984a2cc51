import { createFileRoute } from '@tanstack/react-router';
import { getAppointmentDistinctionOptions } from '@generated/@tanstack/react-query.gen';
import { getSession, useSession } from '~/entities/session/use-session';
import { PageLoader } from '~/components/page-loader';
import { RouteError } from '~/components/route-error';
import { DistinctionEditPage } from '~/features/appointment-distinctions/components/distinction-edit-page';
import { NoDistinctionsBusiness } from '~/features/appointment-distinctions/components/no-business';

export const Route = createFileRoute('/{-$locale}/_dashboard/appointments-distinctions/$id')({
  loader: ({ context, params }) => {
    const tenantId = getSession().tenantId;
    return tenantId ? context.queryClient.ensureQueryData(getAppointmentDistinctionOptions({ path: { tenantId, id: params.id } })) : undefined;
  },
  pendingComponent: PageLoader,
  errorComponent: RouteError,
  component: DistinctionRoute,
});

function DistinctionRoute() {
  const { tenant } = useSession();
  const { id } = Route.useParams();
  return tenant ? <DistinctionEditPage key={`${tenant.id}/${id}`} tenant={tenant} id={id} /> : <NoDistinctionsBusiness />;
}
