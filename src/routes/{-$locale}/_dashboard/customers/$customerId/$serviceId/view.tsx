import { createFileRoute } from '@tanstack/react-router';
import { getServiceObjectOptions } from '@generated/@tanstack/react-query.gen';
import { getSession, useSession } from '~/entities/session/use-session';
import { PageLoader } from '~/components/page-loader';
import { RouteError } from '~/components/route-error';
import { ServiceObjectViewPage } from '~/features/service-objects/components/service-object-view-page';

export const Route = createFileRoute('/{-$locale}/_dashboard/customers/$customerId/$serviceId/view')({
  loader: ({ context, params }) => {
    const tenantId = getSession().tenantId;
    return tenantId
      ? context.queryClient.ensureQueryData(getServiceObjectOptions({ path: { tenantId, customerId: params.customerId, id: params.serviceId } }))
      : undefined;
  },
  pendingComponent: PageLoader,
  errorComponent: RouteError,
  component: ServiceObjectViewRoute,
});

function ServiceObjectViewRoute() {
  const { tenant } = useSession();
  const { customerId, serviceId } = Route.useParams();
  return tenant ? <ServiceObjectViewPage key={`${tenant.id}/${serviceId}`} tenant={tenant} customerId={customerId} id={serviceId} /> : null;
}
