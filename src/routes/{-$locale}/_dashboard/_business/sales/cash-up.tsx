import { createFileRoute } from '@tanstack/react-router';
import { useBusiness } from '~/entities/session/use-business';
import { CashUpPage } from '~/features/sales/components/cash-up-page';

export const Route = createFileRoute('/{-$locale}/_dashboard/_business/sales/cash-up')({
  component: CashUpRoute,
});

function CashUpRoute() {
  const tenant = useBusiness();
  return <CashUpPage key={tenant.id} tenant={tenant} />;
}
