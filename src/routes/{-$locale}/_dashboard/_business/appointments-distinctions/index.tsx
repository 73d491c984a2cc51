import { createFileRoute } from '@tanstack/react-router';
import { listAppointmentDistinctionsOptions } from '@generated/@tanstack/react-query.gen';
import { useBusiness } from '~/entities/session/use-business';
import { PageLoader } from '~/components/page-loader';
import { RouteError } from '~/components/route-error';
import { DistinctionsListPage } from '~/features/appointment-distinctions/components/distinctions-list-page';
import { defaultDistinctionsQuery } from '~/features/appointment-distinctions/list-query';

export const Route = createFileRoute('/{-$locale}/_dashboard/_business/appointments-distinctions/')({
  loader: ({ context }) =>
    context.queryClient.ensureQueryData(listAppointmentDistinctionsOptions({ path: { tenantId: context.tenantId }, query: defaultDistinctionsQuery })),
  pendingComponent: PageLoader,
  errorComponent: RouteError,
  component: DistinctionsRoute,
});

function DistinctionsRoute() {
  const tenant = useBusiness();
  return <DistinctionsListPage key={tenant.id} tenant={tenant} />;
}
