import { createFileRoute } from '@tanstack/react-router';
import { useBusiness } from '~/entities/session/use-business';
import { PaymentTransactionCreatePage } from '~/features/payment-transactions/components/payment-transaction-create-page';
import { referenceSearch, requireReference } from '~/features/payment-transactions/reference-search';

export const Route = createFileRoute('/{-$locale}/_dashboard/_business/payment-transaction/create')({
  validateSearch: referenceSearch,
  beforeLoad: requireReference,
  component: CreateRoute,
});

function CreateRoute() {
  const tenant = useBusiness();
  const { referenceId, operationType } = Route.useSearch();
  return <PaymentTransactionCreatePage key={`${tenant.id}/${referenceId}`} tenant={tenant} referenceId={referenceId!} operationType={operationType!} />;
}
