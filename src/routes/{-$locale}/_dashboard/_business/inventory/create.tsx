import { createFileRoute } from '@tanstack/react-router';
import { useBusiness } from '~/entities/session/use-business';
import { InventoryCreatePage } from '~/features/inventory/components/inventory-create-page';

export const Route = createFileRoute('/{-$locale}/_dashboard/_business/inventory/create')({
  component: InventoryCreateRoute,
});

function InventoryCreateRoute() {
  const tenant = useBusiness();
  return <InventoryCreatePage key={tenant.id} tenant={tenant} />;
}
