import { createFileRoute } from '@tanstack/react-router';
import { getServiceObjectOptions } from '@generated/@tanstack/react-query.gen';
import { useBusiness } from '~/entities/session/use-business';
import { PageLoader } from '~/components/page-loader';
import { RouteError } from '~/components/route-error';
import { ServiceObjectViewPage } from '~/features/service-objects/components/service-object-view-page';

export const Route = createFileRoute('/{-$locale}/_dashboard/_business/customers/$customerId/$serviceId/view')({
  loader: ({ context, params }) =>
    context.queryClient.ensureQueryData(getServiceObjectOptions({ path: { tenantId: context.tenantId, customerId: params.customerId, id: params.serviceId } })),
  pendingComponent: PageLoader,
  errorComponent: RouteError,
  component: ServiceObjectViewRoute,
});

function ServiceObjectViewRoute() {
  const tenant = useBusiness();
  const { customerId, serviceId } = Route.useParams();
  return <ServiceObjectViewPage key={`${tenant.id}/${serviceId}`} tenant={tenant} customerId={customerId} id={serviceId} />;
}
