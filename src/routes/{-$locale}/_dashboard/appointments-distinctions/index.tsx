import { createFileRoute } from '@tanstack/react-router';
import { listAppointmentDistinctionsOptions } from '@generated/@tanstack/react-query.gen';
import { getSession, useSession } from '~/entities/session/use-session';
import { PageLoader } from '~/components/page-loader';
import { RouteError } from '~/components/route-error';
import { DistinctionsListPage } from '~/features/appointment-distinctions/components/distinctions-list-page';
import { defaultDistinctionsQuery } from '~/features/appointment-distinctions/list-query';
import { NoDistinctionsBusiness } from '~/features/appointment-distinctions/components/no-business';

export const Route = createFileRoute('/{-$locale}/_dashboard/appointments-distinctions/')({
  loader: ({ context }) => {
    const tenantId = getSession().tenantId;
    return tenantId
      ? context.queryClient.ensureQueryData(listAppointmentDistinctionsOptions({ path: { tenantId }, query: defaultDistinctionsQuery }))
      : undefined;
  },
  pendingComponent: PageLoader,
  errorComponent: RouteError,
  component: DistinctionsRoute,
});

function DistinctionsRoute() {
  const { tenant } = useSession();
  return tenant ? <DistinctionsListPage key={tenant.id} tenant={tenant} /> : <NoDistinctionsBusiness />;
}
