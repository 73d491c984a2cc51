import { createFileRoute } from '@tanstack/react-router';
import { getServiceObjectOptions } from '@generated/@tanstack/react-query.gen';
import { getSession, useSession } from '~/entities/session/use-session';
import { PageLoader } from '~/components/page-loader';
import { RouteError } from '~/components/route-error';
import { ServiceObjectViewPage } from '~/features/service-objects/components/service-object-view-page';

// SPEC §2 /customers/{customerId}/{id}: a service object of the customer (the same page as …/{serviceId}/view).
export const Route = createFileRoute('/{-$locale}/_dashboard/customers/$customerId/$id')({
  loader: ({ context, params }) => {
    const tenantId = getSession().tenantId;
    return tenantId
      ? context.queryClient.ensureQueryData(getServiceObjectOptions({ path: { tenantId, customerId: params.customerId, id: params.id } }))
      : undefined;
  },
  pendingComponent: PageLoader,
  errorComponent: RouteError,
  component: ServiceObjectRoute,
});

function ServiceObjectRoute() {
  const { tenant } = useSession();
  const { customerId, id } = Route.useParams();
  return tenant ? <ServiceObjectViewPage key={`${tenant.id}/${id}`} tenant={tenant} customerId={customerId} id={id} /> : null;
}
