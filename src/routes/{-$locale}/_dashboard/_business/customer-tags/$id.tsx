import { createFileRoute } from '@tanstack/react-router';
import { getCustomerTagOptions } from '@generated/@tanstack/react-query.gen';
import { useBusiness } from '~/entities/session/use-business';
import { PageLoader } from '~/components/page-loader';
import { RouteError } from '~/components/route-error';
import { TagEditPage } from '~/features/customer-tags/components/tag-edit-page';

export const Route = createFileRoute('/{-$locale}/_dashboard/_business/customer-tags/$id')({
  loader: ({ context, params }) =>
    context.queryClient.ensureQueryData(getCustomerTagOptions({ path: { tenantId: context.tenantId, id: params.id } })),
  pendingComponent: PageLoader,
  errorComponent: RouteError,
  component: TagRoute,
});

function TagRoute() {
  const tenant = useBusiness();
  const { id } = Route.useParams();
  return <TagEditPage key={`${tenant.id}/${id}`} tenant={tenant} id={id} />;
}
