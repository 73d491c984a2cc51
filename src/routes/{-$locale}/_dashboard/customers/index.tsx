import { createFileRoute } from '@tanstack/react-router';
import { listCustomersOptions, listCustomerTagsOptions } from '@generated/@tanstack/react-query.gen';
import { getSession, useSession } from '~/entities/session/use-session';
import { PageLoader } from '~/components/page-loader';
import { RouteError } from '~/components/route-error';
import { CustomersListPage } from '~/features/customers/components/customers-list-page';
import { customerTagsQuery, defaultCustomersQuery } from '~/features/customers/list-query';
import { NoCustomersBusiness } from '~/features/customers/components/no-business';

export const Route = createFileRoute('/{-$locale}/_dashboard/customers/')({
  loader: ({ context }) => {
    const tenantId = getSession().tenantId;
    if (!tenantId) return undefined;
    // The tags (for the badges and the filter) load beside the first page instead of after it.
    void context.queryClient.prefetchQuery(listCustomerTagsOptions({ path: { tenantId }, query: customerTagsQuery }));
    return context.queryClient.ensureQueryData(listCustomersOptions({ path: { tenantId }, query: defaultCustomersQuery }));
  },
  pendingComponent: PageLoader,
  errorComponent: RouteError,
  component: CustomersRoute,
});

function CustomersRoute() {
  const { tenant } = useSession();
  return tenant ? <CustomersListPage key={tenant.id} tenant={tenant} /> : <NoCustomersBusiness />;
}
