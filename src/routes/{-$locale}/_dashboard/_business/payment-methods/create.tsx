import { createFileRoute } from '@tanstack/react-router';
import { useBusiness } from '~/entities/session/use-business';
import { PaymentMethodCreatePage } from '~/features/payment-methods/components/payment-method-create-page';

export const Route = createFileRoute('/{-$locale}/_dashboard/_business/payment-methods/create')({
  component: PaymentMethodCreateRoute,
});

function PaymentMethodCreateRoute() {
  const tenant = useBusiness();
  return <PaymentMethodCreatePage key={tenant.id} tenant={tenant} />;
}
