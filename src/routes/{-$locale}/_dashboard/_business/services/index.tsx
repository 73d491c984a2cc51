import { createFileRoute } from '@tanstack/react-router';
import { listServicesOptions } from '@generated/@tanstack/react-query.gen';
import { useBusiness } from '~/entities/session/use-business';
import { PageLoader } from '~/components/page-loader';
import { RouteError } from '~/components/route-error';
import { ServicesListPage } from '~/features/services/components/services-list-page';
import { defaultServicesQuery } from '~/features/services/list-query';

export const Route = createFileRoute('/{-$locale}/_dashboard/_business/services/')({
  loader: ({ context }) =>
    context.queryClient.ensureQueryData(listServicesOptions({ path: { tenantId: context.tenantId }, query: defaultServicesQuery })),
  pendingComponent: PageLoader,
  errorComponent: RouteError,
  component: ServicesRoute,
});

function ServicesRoute() {
  const tenant = useBusiness();
  return <ServicesListPage key={tenant.id} tenant={tenant} />;
}
