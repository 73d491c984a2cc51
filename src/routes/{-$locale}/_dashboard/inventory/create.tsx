import { createFileRoute } from '@tanstack/react-router';
import { useSession } from '~/entities/session/use-session';
import { InventoryCreatePage } from '~/features/inventory/components/inventory-create-page';
import { NoInventoryBusiness } from '~/features/inventory/components/no-inventory-business';

export const Route = createFileRoute('/{-$locale}/_dashboard/inventory/create')({
  component: InventoryCreateRoute,
});

function InventoryCreateRoute() {
  const { tenant } = useSession();
  return tenant ? <InventoryCreatePage key={tenant.id} tenant={tenant} /> : <NoInventoryBusiness />;
}
