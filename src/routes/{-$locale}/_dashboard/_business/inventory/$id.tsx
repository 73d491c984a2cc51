import { createFileRoute } from '@tanstack/react-router';
import { getInventoryItemOptions } from '@generated/@tanstack/react-query.gen';
import { useBusiness } from '~/entities/session/use-business';
import { PageLoader } from '~/components/page-loader';
import { RouteError } from '~/components/route-error';
import { InventoryDetailPage } from '~/features/inventory/components/inventory-detail-page';

export const Route = createFileRoute('/{-$locale}/_dashboard/_business/inventory/$id')({
  loader: ({ context, params }) =>
    context.queryClient.ensureQueryData(getInventoryItemOptions({ path: { tenantId: context.tenantId, id: params.id } })),
  pendingComponent: PageLoader,
  errorComponent: RouteError,
  component: InventoryItemRoute,
});

function InventoryItemRoute() {
  const tenant = useBusiness();
  const { id } = Route.useParams();
  return <InventoryDetailPage key={`${tenant.id}/${id}`} tenant={tenant} id={id} />;
}
