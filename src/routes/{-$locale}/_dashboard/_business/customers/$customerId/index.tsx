import { createFileRoute } from '@tanstack/react-router';
import { getCustomerOptions } from '@generated/@tanstack/react-query.gen';
import { useBusiness } from '~/entities/session/use-business';
import { PageLoader } from '~/components/page-loader';
import { RouteError } from '~/components/route-error';
import { CustomerDetailPage } from '~/features/customers/components/customer-detail-page';

export const Route = createFileRoute('/{-$locale}/_dashboard/_business/customers/$customerId/')({
  loader: ({ context, params }) =>
    context.queryClient.ensureQueryData(getCustomerOptions({ path: { tenantId: context.tenantId, id: params.customerId } })),
  pendingComponent: PageLoader,
  errorComponent: RouteError,
  component: CustomerRoute,
});

function CustomerRoute() {
  const tenant = useBusiness();
  const { customerId } = Route.useParams();
  return <CustomerDetailPage key={`${tenant.id}/${customerId}`} tenant={tenant} customerId={customerId} />;
}
