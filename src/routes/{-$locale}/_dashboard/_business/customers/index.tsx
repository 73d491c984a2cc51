import { createFileRoute } from '@tanstack/react-router';
import { listCustomersOptions, listCustomerTagsOptions } from '@generated/@tanstack/react-query.gen';
import { useBusiness } from '~/entities/session/use-business';
import { PageLoader } from '~/components/page-loader';
import { RouteError } from '~/components/route-error';
import { CustomersListPage } from '~/features/customers/components/customers-list-page';
import { customerTagsQuery, defaultCustomersQuery } from '~/features/customers/list-query';

export const Route = createFileRoute('/{-$locale}/_dashboard/_business/customers/')({
  loader: ({ context: { queryClient, tenantId } }) => {
    // The tags (for the badges and the filter) load beside the first page instead of after it.
    void queryClient.prefetchQuery(listCustomerTagsOptions({ path: { tenantId }, query: customerTagsQuery }));
    return queryClient.ensureQueryData(listCustomersOptions({ path: { tenantId }, query: defaultCustomersQuery }));
  },
  pendingComponent: PageLoader,
  errorComponent: RouteError,
  component: CustomersRoute,
});

function CustomersRoute() {
  const tenant = useBusiness();
  return <CustomersListPage key={tenant.id} tenant={tenant} />;
}
