import { createFileRoute } from '@tanstack/react-router';
import { getServiceObjectOptions } from '@generated/@tanstack/react-query.gen';
import { useBusiness } from '~/entities/session/use-business';
import { PageLoader } from '~/components/page-loader';
import { RouteError } from '~/components/route-error';
import { ServiceObjectEditPage } from '~/features/service-objects/components/service-object-edit-page';

export const Route = createFileRoute('/{-$locale}/_dashboard/_business/customers/$customerId/$serviceId/edit')({
  loader: ({ context, params }) =>
    context.queryClient.ensureQueryData(getServiceObjectOptions({ path: { tenantId: context.tenantId, customerId: params.customerId, id: params.serviceId } })),
  pendingComponent: PageLoader,
  errorComponent: RouteError,
  component: ServiceObjectEditRoute,
});

function ServiceObjectEditRoute() {
  const tenant = useBusiness();
  const { customerId, serviceId } = Route.useParams();
  return <ServiceObjectEditPage key={`${tenant.id}/${serviceId}`} tenant={tenant} customerId={customerId} id={serviceId} />;
}
