import { createFileRoute } from '@tanstack/react-router';
import { useBusiness } from '~/entities/session/use-business';
import { PaymentTransactionPage } from '~/features/payment-transactions/components/payment-transaction-page';

export const Route = createFileRoute('/{-$locale}/_dashboard/_business/payment-transaction/$id')({
  component: PaymentTransactionRoute,
});

function PaymentTransactionRoute() {
  const tenant = useBusiness();
  const { id } = Route.useParams();
  return <PaymentTransactionPage key={`${tenant.id}/${id}`} tenant={tenant} id={id} />;
}
