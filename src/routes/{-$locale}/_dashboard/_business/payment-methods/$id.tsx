import { createFileRoute } from '@tanstack/react-router';
import { getPaymentMethodOptions } from '@generated/@tanstack/react-query.gen';
import { useBusiness } from '~/entities/session/use-business';
import { PageLoader } from '~/components/page-loader';
import { RouteError } from '~/components/route-error';
import { PaymentMethodEditPage } from '~/features/payment-methods/components/payment-method-edit-page';

export const Route = createFileRoute('/{-$locale}/_dashboard/_business/payment-methods/$id')({
  loader: ({ context, params }) =>
    context.queryClient.ensureQueryData(getPaymentMethodOptions({ path: { tenantId: context.tenantId, id: params.id } })),
  pendingComponent: PageLoader,
  errorComponent: RouteError,
  component: PaymentMethodRoute,
});

function PaymentMethodRoute() {
  const tenant = useBusiness();
  const { id } = Route.useParams();
  return <PaymentMethodEditPage key={`${tenant.id}/${id}`} tenant={tenant} id={id} />;
}
