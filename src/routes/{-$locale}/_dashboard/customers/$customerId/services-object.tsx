import { createFileRoute } from '@tanstack/react-router';
import { listServiceObjectsOptions } from '@generated/@tanstack/react-query.gen';
import { getSession, useSession } from '~/entities/session/use-session';
import { PageLoader } from '~/components/page-loader';
import { RouteError } from '~/components/route-error';
import { ServiceObjectsListPage } from '~/features/service-objects/components/service-objects-list-page';
import { defaultServiceObjectsQuery } from '~/features/service-objects/list-query';

export const Route = createFileRoute('/{-$locale}/_dashboard/customers/$customerId/services-object')({
  loader: ({ context, params }) => {
    const tenantId = getSession().tenantId;
    return tenantId
      ? context.queryClient.ensureQueryData(listServiceObjectsOptions({ path: { tenantId, customerId: params.customerId }, query: defaultServiceObjectsQuery }))
      : undefined;
  },
  pendingComponent: PageLoader,
  errorComponent: RouteError,
  component: ServiceObjectsRoute,
});

function ServiceObjectsRoute() {
  const { tenant } = useSession();
  const { customerId } = Route.useParams();
  return tenant ? <ServiceObjectsListPage key={`${tenant.id}/${customerId}`} tenant={tenant} customerId={customerId} /> : null;
}
