import { createFileRoute } from '@tanstack/react-router';
import { listPortfolioItemsOptions } from '@generated/@tanstack/react-query.gen';
import { useBusiness } from '~/entities/session/use-business';
import { PageLoader } from '~/components/page-loader';
import { RouteError } from '~/components/route-error';
import { PortfolioListPage } from '~/features/portfolio/components/portfolio-list-page';
import { defaultPortfolioQuery } from '~/features/portfolio/list-query';

export const Route = createFileRoute('/{-$locale}/_dashboard/_business/portfolio/')({
  loader: ({ context }) => context.queryClient.ensureQueryData(listPortfolioItemsOptions({ path: { tenantId: context.tenantId }, query: defaultPortfolioQuery })),
  pendingComponent: PageLoader,
  errorComponent: RouteError,
  component: PortfolioRoute,
});

function PortfolioRoute() {
  const tenant = useBusiness();
  return <PortfolioListPage key={tenant.id} tenant={tenant} />;
}
