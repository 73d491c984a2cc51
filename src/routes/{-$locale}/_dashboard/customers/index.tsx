import { createFileRoute } from '@tanstack/react-router';
import { listCustomersOptions } from '@generated/@tanstack/react-query.gen';
import { getSession, useSession } from '~/app/session/use-session';
import { PageLoader } from '~/components/page-loader';
import { RouteError } from '~/components/route-error';
import { CustomersListPage } from '~/features/customers/components/customers-list-page';
import { defaultCustomersQuery } from '~/features/customers/list-query';
import { NoCustomersBusiness } from '~/features/customers/components/no-business';

export const Route = createFileRoute('/{-$locale}/_dashboard/customers/')({
  loader: ({ context }) => {
    const tenantId = getSession().tenantId;
    return tenantId ? context.queryClient.ensureQueryData(listCustomersOptions({ path: { tenantId }, query: defaultCustomersQuery })) : undefined;
  },
  pendingComponent: PageLoader,
  errorComponent: RouteError,
  component: CustomersRoute,
});

function CustomersRoute() {
  const { tenant } = useSession();
  return tenant ? <CustomersListPage key={tenant.id} tenant={tenant} /> : <NoCustomersBusiness />;
}
