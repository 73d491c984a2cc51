import { createFileRoute } from '@tanstack/react-router';
import { getCustomerTagOptions } from '@generated/@tanstack/react-query.gen';
import { getSession, useSession } from '~/entities/session/use-session';
import { PageLoader } from '~/components/page-loader';
import { RouteError } from '~/components/route-error';
import { NoTagsBusiness } from '~/features/customer-tags/components/no-business';
import { TagEditPage } from '~/features/customer-tags/components/tag-edit-page';

export const Route = createFileRoute('/{-$locale}/_dashboard/customer-tags/$id')({
  loader: ({ context, params }) => {
    const tenantId = getSession().tenantId;
    return tenantId ? context.queryClient.ensureQueryData(getCustomerTagOptions({ path: { tenantId, id: params.id } })) : undefined;
  },
  pendingComponent: PageLoader,
  errorComponent: RouteError,
  component: TagRoute,
});

function TagRoute() {
  const { tenant } = useSession();
  const { id } = Route.useParams();
  return tenant ? <TagEditPage key={`${tenant.id}/${id}`} tenant={tenant} id={id} /> : <NoTagsBusiness />;
}
