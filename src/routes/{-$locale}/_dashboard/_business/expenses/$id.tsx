import { createFileRoute } from '@tanstack/react-router';
import { useBusiness } from '~/entities/session/use-business';
import { ExpensePage } from '~/features/expenses/components/expense-page';

export const Route = createFileRoute('/{-$locale}/_dashboard/_business/expenses/$id')({
  component: ExpenseRoute,
});

function ExpenseRoute() {
  const tenant = useBusiness();
  const { id } = Route.useParams();
  return <ExpensePage key={`${tenant.id}/${id}`} tenant={tenant} id={id} />;
}
