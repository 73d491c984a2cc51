import { createFileRoute } from '@tanstack/react-router';
import { listInventoryItemsOptions } from '@generated/@tanstack/react-query.gen';
import { getSession, useSession } from '~/entities/session/use-session';
import { PageLoader } from '~/components/page-loader';
import { RouteError } from '~/components/route-error';
import { InventoryListPage } from '~/features/inventory/components/inventory-list-page';
import { defaultInventoryQuery } from '~/features/inventory/list-query';
import { NoInventoryBusiness } from '~/features/inventory/components/no-inventory-business';

export const Route = createFileRoute('/{-$locale}/_dashboard/inventory/')({
  loader: ({ context }) => {
    const tenantId = getSession().tenantId;
    return tenantId ? context.queryClient.ensureQueryData(listInventoryItemsOptions({ path: { tenantId }, query: defaultInventoryQuery })) : undefined;
  },
  pendingComponent: PageLoader,
  errorComponent: RouteError,
  component: InventoryRoute,
});

function InventoryRoute() {
  const { tenant } = useSession();
  return tenant ? <InventoryListPage key={tenant.id} tenant={tenant} /> : <NoInventoryBusiness />;
}
