import { createFileRoute } from '@tanstack/react-router';
import { getServiceOptions } from '@generated/@tanstack/react-query.gen';
import { useBusiness } from '~/entities/session/use-business';
import { PageLoader } from '~/components/page-loader';
import { RouteError } from '~/components/route-error';
import { ServiceEditPage } from '~/features/services/components/service-edit-page';

export const Route = createFileRoute('/{-$locale}/_dashboard/_business/services/$id')({
  loader: ({ context, params }) =>
    context.queryClient.ensureQueryData(getServiceOptions({ path: { tenantId: context.tenantId, id: params.id } })),
  pendingComponent: PageLoader,
  errorComponent: RouteError,
  component: ServiceRoute,
});

function ServiceRoute() {
  const tenant = useBusiness();
  const { id } = Route.useParams();
  return <ServiceEditPage key={`${tenant.id}/${id}`} tenant={tenant} id={id} />;
}
