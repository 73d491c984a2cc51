import { createFileRoute } from '@tanstack/react-router';
import { getInventoryItemOptions } from '@generated/@tanstack/react-query.gen';
import { getSession, useSession } from '~/entities/session/use-session';
import { PageLoader } from '~/components/page-loader';
import { RouteError } from '~/components/route-error';
import { InventoryDetailPage } from '~/features/inventory/components/inventory-detail-page';
import { NoInventoryBusiness } from '~/features/inventory/components/no-inventory-business';

export const Route = createFileRoute('/{-$locale}/_dashboard/inventory/$id')({
  loader: ({ context, params }) => {
    const tenantId = getSession().tenantId;
    return tenantId ? context.queryClient.ensureQueryData(getInventoryItemOptions({ path: { tenantId, id: params.id } })) : undefined;
  },
  pendingComponent: PageLoader,
  errorComponent: RouteError,
  component: InventoryItemRoute,
});

function InventoryItemRoute() {
  const { tenant } = useSession();
  const { id } = Route.useParams();
  return tenant ? <InventoryDetailPage key={`${tenant.id}/${id}`} tenant={tenant} id={id} /> : <NoInventoryBusiness />;
}
