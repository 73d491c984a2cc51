import { createFileRoute } from '@tanstack/react-router';
import { getPortfolioItemOptions } from '@generated/@tanstack/react-query.gen';
import { useBusiness } from '~/entities/session/use-business';
import { PageLoader } from '~/components/page-loader';
import { RouteError } from '~/components/route-error';
import { PortfolioItemPage } from '~/features/portfolio/components/portfolio-item-page';

export const Route = createFileRoute('/{-$locale}/_dashboard/_business/portfolio/$id')({
  loader: ({ context, params }) => context.queryClient.ensureQueryData(getPortfolioItemOptions({ path: { tenantId: context.tenantId, id: params.id } })),
  pendingComponent: PageLoader,
  errorComponent: RouteError,
  component: PortfolioItemRoute,
});

function PortfolioItemRoute() {
  const tenant = useBusiness();
  const { id } = Route.useParams();
  return <PortfolioItemPage key={`${tenant.id}/${id}`} tenant={tenant} id={id} />;
}
