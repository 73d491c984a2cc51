import { createFileRoute } from '@tanstack/react-router';
import { useBusiness } from '~/entities/session/use-business';
import { CustomerCreatePage } from '~/features/customers/components/customer-create-page';

export const Route = createFileRoute('/{-$locale}/_dashboard/_business/customers/create')({
  component: CustomerCreateRoute,
});

function CustomerCreateRoute() {
  const tenant = useBusiness();
  return <CustomerCreatePage key={tenant.id} tenant={tenant} />;
}
