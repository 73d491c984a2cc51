import { createFileRoute } from '@tanstack/react-router';
import { getServiceOptions } from '@generated/@tanstack/react-query.gen';
import { getSession, useSession } from '~/entities/session/use-session';
import { PageLoader } from '~/components/page-loader';
import { RouteError } from '~/components/route-error';
import { NoServicesBusiness } from '~/features/services/components/no-business';
import { ServiceEditPage } from '~/features/services/components/service-edit-page';

export const Route = createFileRoute('/{-$locale}/_dashboard/services/$id')({
  loader: ({ context, params }) => {
    const tenantId = getSession().tenantId;
    return tenantId ? context.queryClient.ensureQueryData(getServiceOptions({ path: { tenantId, id: params.id } })) : undefined;
  },
  pendingComponent: PageLoader,
  errorComponent: RouteError,
  component: ServiceRoute,
});

function ServiceRoute() {
  const { tenant } = useSession();
  const { id } = Route.useParams();
  return tenant ? <ServiceEditPage key={`${tenant.id}/${id}`} tenant={tenant} id={id} /> : <NoServicesBusiness />;
}
