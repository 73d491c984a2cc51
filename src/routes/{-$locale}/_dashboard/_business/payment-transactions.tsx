import { createFileRoute } from '@tanstack/react-router';
import { useBusiness } from '~/entities/session/use-business';
import { PaymentTransactionsPage } from '~/features/payment-transactions/components/payment-transactions-page';
import { referenceSearch, requireReference } from '~/features/payment-transactions/reference-search';

export const Route = createFileRoute('/{-$locale}/_dashboard/_business/payment-transactions')({
  validateSearch: referenceSearch,
  beforeLoad: requireReference,
  component: PaymentTransactionsRoute,
});

function PaymentTransactionsRoute() {
  const tenant = useBusiness();
  const { referenceId, operationType } = Route.useSearch();
  return <PaymentTransactionsPage key={`${tenant.id}/${referenceId}`} tenant={tenant} referenceId={referenceId!} operationType={operationType!} />;
}
