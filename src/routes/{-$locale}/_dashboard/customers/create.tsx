import { createFileRoute } from '@tanstack/react-router';
import { useSession } from '~/entities/session/use-session';
import { CustomerCreatePage } from '~/features/customers/components/customer-create-page';
import { NoCustomersBusiness } from '~/features/customers/components/no-business';

export const Route = createFileRoute('/{-$locale}/_dashboard/customers/create')({
  component: CustomerCreateRoute,
});

function CustomerCreateRoute() {
  const { tenant } = useSession();
  return tenant ? <CustomerCreatePage key={tenant.id} tenant={tenant} /> : <NoCustomersBusiness />;
}
