import { createFileRoute } from '@tanstack/react-router';
import { listInventoryItemsOptions } from '@generated/@tanstack/react-query.gen';
import { useBusiness } from '~/entities/session/use-business';
import { PageLoader } from '~/components/page-loader';
import { RouteError } from '~/components/route-error';
import { InventoryListPage } from '~/features/inventory/components/inventory-list-page';
import { defaultInventoryQuery } from '~/features/inventory/list-query';

export const Route = createFileRoute('/{-$locale}/_dashboard/_business/inventory/')({
  loader: ({ context }) =>
    context.queryClient.ensureQueryData(listInventoryItemsOptions({ path: { tenantId: context.tenantId }, query: defaultInventoryQuery })),
  pendingComponent: PageLoader,
  errorComponent: RouteError,
  component: InventoryRoute,
});

function InventoryRoute() {
  const tenant = useBusiness();
  return <InventoryListPage key={tenant.id} tenant={tenant} />;
}
