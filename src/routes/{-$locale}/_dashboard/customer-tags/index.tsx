import { createFileRoute } from '@tanstack/react-router';
import { listCustomerTagsOptions } from '@generated/@tanstack/react-query.gen';
import { getSession, useSession } from '~/entities/session/use-session';
import { PageLoader } from '~/components/page-loader';
import { RouteError } from '~/components/route-error';
import { NoTagsBusiness } from '~/features/customer-tags/components/no-business';
import { TagsListPage } from '~/features/customer-tags/components/tags-list-page';
import { defaultTagsQuery } from '~/features/customer-tags/list-query';

export const Route = createFileRoute('/{-$locale}/_dashboard/customer-tags/')({
  loader: ({ context }) => {
    const tenantId = getSession().tenantId;
    return tenantId ? context.queryClient.ensureQueryData(listCustomerTagsOptions({ path: { tenantId }, query: defaultTagsQuery })) : undefined;
  },
  pendingComponent: PageLoader,
  errorComponent: RouteError,
  component: TagsRoute,
});

function TagsRoute() {
  const { tenant } = useSession();
  return tenant ? <TagsListPage key={tenant.id} tenant={tenant} /> : <NoTagsBusiness />;
}
