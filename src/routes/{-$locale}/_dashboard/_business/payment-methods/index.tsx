import { createFileRoute } from '@tanstack/react-router';
import { listPaymentMethodsOptions } from '@generated/@tanstack/react-query.gen';
import { useBusiness } from '~/entities/session/use-business';
import { PageLoader } from '~/components/page-loader';
import { RouteError } from '~/components/route-error';
import { PaymentMethodsListPage } from '~/features/payment-methods/components/payment-methods-list-page';
import { defaultPaymentMethodsQuery } from '~/features/payment-methods/list-query';

export const Route = createFileRoute('/{-$locale}/_dashboard/_business/payment-methods/')({
  loader: ({ context }) =>
    context.queryClient.ensureQueryData(listPaymentMethodsOptions({ path: { tenantId: context.tenantId }, query: defaultPaymentMethodsQuery })),
  pendingComponent: PageLoader,
  errorComponent: RouteError,
  component: PaymentMethodsRoute,
});

function PaymentMethodsRoute() {
  const tenant = useBusiness();
  return <PaymentMethodsListPage key={tenant.id} tenant={tenant} />;
}
