import { createFileRoute } from '@tanstack/react-router';
import { useBusiness } from '~/entities/session/use-business';
import { ExpensesListPage } from '~/features/expenses/components/expenses-list-page';

export const Route = createFileRoute('/{-$locale}/_dashboard/_business/expenses/')({
  component: ExpensesRoute,
});

function ExpensesRoute() {
  const tenant = useBusiness();
  return <ExpensesListPage key={tenant.id} tenant={tenant} />;
}
