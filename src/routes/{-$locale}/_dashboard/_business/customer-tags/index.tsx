import { createFileRoute } from '@tanstack/react-router';
import { listCustomerTagsOptions } from '@generated/@tanstack/react-query.gen';
import { useBusiness } from '~/entities/session/use-business';
import { PageLoader } from '~/components/page-loader';
import { RouteError } from '~/components/route-error';
import { TagsListPage } from '~/features/customer-tags/components/tags-list-page';
import { defaultTagsQuery } from '~/features/customer-tags/list-query';

export const Route = createFileRoute('/{-$locale}/_dashboard/_business/customer-tags/')({
  loader: ({ context }) =>
    context.queryClient.ensureQueryData(listCustomerTagsOptions({ path: { tenantId: context.tenantId }, query: defaultTagsQuery })),
  pendingComponent: PageLoader,
  errorComponent: RouteError,
  component: TagsRoute,
});

function TagsRoute() {
  const tenant = useBusiness();
  return <TagsListPage key={tenant.id} tenant={tenant} />;
}
