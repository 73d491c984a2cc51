import { createFileRoute } from '@tanstack/react-router';
import { useSession } from '~/entities/session/use-session';
import { NoPaymentMethodsBusiness } from '~/features/payment-methods/components/no-business';
import { PaymentMethodCreatePage } from '~/features/payment-methods/components/payment-method-create-page';

export const Route = createFileRoute('/{-$locale}/_dashboard/payment-methods/create')({
  component: PaymentMethodCreateRoute,
});

function PaymentMethodCreateRoute() {
  const { tenant } = useSession();
  return tenant ? <PaymentMethodCreatePage key={tenant.id} tenant={tenant} /> : <NoPaymentMethodsBusiness />;
}
