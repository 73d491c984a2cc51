import { createFileRoute, Navigate, redirect } from '@tanstack/react-router';
import { getSession, useSession } from '~/entities/session/use-session';
import { OpeningHoursPage } from '~/features/onboarding/components/opening-hours-page';

// SPEC §2 'onboarding-opening-hours' (layout 'onboarding'). Without a business yet, step 1 comes first.
export const Route = createFileRoute('/{-$locale}/_onboarding/onboarding/opening-hours')({
  beforeLoad: ({ params }) => {
    if (!getSession().tenant) throw redirect({ to: '/{-$locale}/onboarding/how-do-you-work', params, replace: true });
  },
  component: OpeningHoursRoute,
});

function OpeningHoursRoute() {
  const { tenant } = useSession();
  const params = Route.useParams();
  if (!tenant) return <Navigate to="/{-$locale}/onboarding/how-do-you-work" params={params} replace />;
  return <OpeningHoursPage tenant={tenant} />;
}
