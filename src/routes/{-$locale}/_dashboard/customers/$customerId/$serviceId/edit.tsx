import { createFileRoute } from '@tanstack/react-router';
import { getServiceObjectOptions } from '@generated/@tanstack/react-query.gen';
import { getSession, useSession } from '~/entities/session/use-session';
import { PageLoader } from '~/components/page-loader';
import { RouteError } from '~/components/route-error';
import { ServiceObjectEditPage } from '~/features/service-objects/components/service-object-edit-page';

export const Route = createFileRoute('/{-$locale}/_dashboard/customers/$customerId/$serviceId/edit')({
  loader: ({ context, params }) => {
    const tenantId = getSession().tenantId;
    return tenantId
      ? context.queryClient.ensureQueryData(getServiceObjectOptions({ path: { tenantId, customerId: params.customerId, id: params.serviceId } }))
      : undefined;
  },
  pendingComponent: PageLoader,
  errorComponent: RouteError,
  component: ServiceObjectEditRoute,
});

function ServiceObjectEditRoute() {
  const { tenant } = useSession();
  const { customerId, serviceId } = Route.useParams();
  return tenant ? <ServiceObjectEditPage key={`${tenant.id}/${serviceId}`} tenant={tenant} customerId={customerId} id={serviceId} /> : null;
}
