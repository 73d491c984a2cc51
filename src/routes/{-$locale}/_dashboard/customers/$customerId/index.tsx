import { createFileRoute } from '@tanstack/react-router';
import { getCustomerOptions } from '@generated/@tanstack/react-query.gen';
import { getSession, useSession } from '~/entities/session/use-session';
import { PageLoader } from '~/components/page-loader';
import { RouteError } from '~/components/route-error';
import { CustomerDetailPage } from '~/features/customers/components/customer-detail-page';
import { NoCustomersBusiness } from '~/features/customers/components/no-business';

export const Route = createFileRoute('/{-$locale}/_dashboard/customers/$customerId/')({
  loader: ({ context, params }) => {
    const tenantId = getSession().tenantId;
    return tenantId ? context.queryClient.ensureQueryData(getCustomerOptions({ path: { tenantId, id: params.customerId } })) : undefined;
  },
  pendingComponent: PageLoader,
  errorComponent: RouteError,
  component: CustomerRoute,
});

function CustomerRoute() {
  const { tenant } = useSession();
  const { customerId } = Route.useParams();
  return tenant ? <CustomerDetailPage key={`${tenant.id}/${customerId}`} tenant={tenant} customerId={customerId} /> : <NoCustomersBusiness />;
}
