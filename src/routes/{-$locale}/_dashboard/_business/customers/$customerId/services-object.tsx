import { createFileRoute } from '@tanstack/react-router';
import { listServiceObjectsOptions } from '@generated/@tanstack/react-query.gen';
import { useBusiness } from '~/entities/session/use-business';
import { PageLoader } from '~/components/page-loader';
import { RouteError } from '~/components/route-error';
import { ServiceObjectsListPage } from '~/features/service-objects/components/service-objects-list-page';
import { defaultServiceObjectsQuery } from '~/features/service-objects/list-query';

export const Route = createFileRoute('/{-$locale}/_dashboard/_business/customers/$customerId/services-object')({
  loader: ({ context, params }) =>
    context.queryClient.ensureQueryData(listServiceObjectsOptions({ path: { tenantId: context.tenantId, customerId: params.customerId }, query: defaultServiceObjectsQuery })),
  pendingComponent: PageLoader,
  errorComponent: RouteError,
  component: ServiceObjectsRoute,
});

function ServiceObjectsRoute() {
  const tenant = useBusiness();
  const { customerId } = Route.useParams();
  return <ServiceObjectsListPage key={`${tenant.id}/${customerId}`} tenant={tenant} customerId={customerId} />;
}
