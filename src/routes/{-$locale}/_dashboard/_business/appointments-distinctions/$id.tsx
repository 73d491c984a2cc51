import { createFileRoute } from '@tanstack/react-router';
import { getAppointmentDistinctionOptions } from '@generated/@tanstack/react-query.gen';
import { useBusiness } from '~/entities/session/use-business';
import { PageLoader } from '~/components/page-loader';
import { RouteError } from '~/components/route-error';
import { DistinctionEditPage } from '~/features/appointment-distinctions/components/distinction-edit-page';

export const Route = createFileRoute('/{-$locale}/_dashboard/_business/appointments-distinctions/$id')({
  loader: ({ context, params }) =>
    context.queryClient.ensureQueryData(getAppointmentDistinctionOptions({ path: { tenantId: context.tenantId, id: params.id } })),
  pendingComponent: PageLoader,
  errorComponent: RouteError,
  component: DistinctionRoute,
});

function DistinctionRoute() {
  const tenant = useBusiness();
  const { id } = Route.useParams();
  return <DistinctionEditPage key={`${tenant.id}/${id}`} tenant={tenant} id={id} />;
}
