import { createFileRoute } from '@tanstack/react-router';
import { listServicesOptions } from '@generated/@tanstack/react-query.gen';
import { getSession, useSession } from '~/entities/session/use-session';
import { PageLoader } from '~/components/page-loader';
import { RouteError } from '~/components/route-error';
import { NoServicesBusiness } from '~/features/services/components/no-business';
import { ServicesListPage } from '~/features/services/components/services-list-page';
import { defaultServicesQuery } from '~/features/services/list-query';

export const Route = createFileRoute('/{-$locale}/_dashboard/services/')({
  loader: ({ context }) => {
    const tenantId = getSession().tenantId;
    return tenantId ? context.queryClient.ensureQueryData(listServicesOptions({ path: { tenantId }, query: defaultServicesQuery })) : undefined;
  },
  pendingComponent: PageLoader,
  errorComponent: RouteError,
  component: ServicesRoute,
});

function ServicesRoute() {
  const { tenant } = useSession();
  return tenant ? <ServicesListPage key={tenant.id} tenant={tenant} /> : <NoServicesBusiness />;
}
