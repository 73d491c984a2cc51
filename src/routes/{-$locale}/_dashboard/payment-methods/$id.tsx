import { createFileRoute } from '@tanstack/react-router';
import { getPaymentMethodOptions } from '@generated/@tanstack/react-query.gen';
import { getSession, useSession } from '~/entities/session/use-session';
import { PageLoader } from '~/components/page-loader';
import { RouteError } from '~/components/route-error';
import { NoPaymentMethodsBusiness } from '~/features/payment-methods/components/no-business';
import { PaymentMethodEditPage } from '~/features/payment-methods/components/payment-method-edit-page';

export const Route = createFileRoute('/{-$locale}/_dashboard/payment-methods/$id')({
  loader: ({ context, params }) => {
    const tenantId = getSession().tenantId;
    return tenantId ? context.queryClient.ensureQueryData(getPaymentMethodOptions({ path: { tenantId, id: params.id } })) : undefined;
  },
  pendingComponent: PageLoader,
  errorComponent: RouteError,
  component: PaymentMethodRoute,
});

function PaymentMethodRoute() {
  const { tenant } = useSession();
  const { id } = Route.useParams();
  return tenant ? <PaymentMethodEditPage key={`${tenant.id}/${id}`} tenant={tenant} id={id} /> : <NoPaymentMethodsBusiness />;
}
