import { createFileRoute } from '@tanstack/react-router';
import { getServiceObjectOptions } from '@generated/@tanstack/react-query.gen';
import { useBusiness } from '~/entities/session/use-business';
import { PageLoader } from '~/components/page-loader';
import { RouteError } from '~/components/route-error';
import { ServiceObjectViewPage } from '~/features/service-objects/components/service-object-view-page';

// SPEC §2 /customers/{customerId}/{id}: a service object of the customer (the same page as …/{serviceId}/view).
export const Route = createFileRoute('/{-$locale}/_dashboard/_business/customers/$customerId/$id')({
  loader: ({ context, params }) =>
    context.queryClient.ensureQueryData(getServiceObjectOptions({ path: { tenantId: context.tenantId, customerId: params.customerId, id: params.id } })),
  pendingComponent: PageLoader,
  errorComponent: RouteError,
  component: ServiceObjectRoute,
});

function ServiceObjectRoute() {
  const tenant = useBusiness();
  const { customerId, id } = Route.useParams();
  return <ServiceObjectViewPage key={`${tenant.id}/${id}`} tenant={tenant} customerId={customerId} id={id} />;
}
