import { createFileRoute } from '@tanstack/react-router';
import { useBusiness } from '~/entities/session/use-business';
import { ExpenseCreatePage } from '~/features/expenses/components/expense-create-page';

export const Route = createFileRoute('/{-$locale}/_dashboard/_business/expenses/create')({
  component: ExpenseCreateRoute,
});

function ExpenseCreateRoute() {
  const tenant = useBusiness();
  return <ExpenseCreatePage key={tenant.id} tenant={tenant} />;
}
