import { createFileRoute } from '@tanstack/react-router';
import { listPaymentMethodsOptions } from '@generated/@tanstack/react-query.gen';
import { getSession, useSession } from '~/entities/session/use-session';
import { PageLoader } from '~/components/page-loader';
import { RouteError } from '~/components/route-error';
import { NoPaymentMethodsBusiness } from '~/features/payment-methods/components/no-business';
import { PaymentMethodsListPage } from '~/features/payment-methods/components/payment-methods-list-page';
import { defaultPaymentMethodsQuery } from '~/features/payment-methods/list-query';

export const Route = createFileRoute('/{-$locale}/_dashboard/payment-methods/')({
  loader: ({ context }) => {
    const tenantId = getSession().tenantId;
    return tenantId ? context.queryClient.ensureQueryData(listPaymentMethodsOptions({ path: { tenantId }, query: defaultPaymentMethodsQuery })) : undefined;
  },
  pendingComponent: PageLoader,
  errorComponent: RouteError,
  component: PaymentMethodsRoute,
});

function PaymentMethodsRoute() {
  const { tenant } = useSession();
  return tenant ? <PaymentMethodsListPage key={tenant.id} tenant={tenant} /> : <NoPaymentMethodsBusiness />;
}
