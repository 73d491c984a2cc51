import { createFileRoute, redirect } from '@tanstack/react-router';
import { getConfigurationOptions } from '@generated/@tanstack/react-query.gen';
import { getSession } from '~/entities/session/use-session';
import { PageLoader } from '~/components/page-loader';
import { RouteError } from '~/components/route-error';
import { HowDoYouWorkPage } from '~/features/onboarding/components/how-do-you-work-page';

// SPEC §2 'onboarding-how-do-you-work' (layout 'onboarding'). A user who already has a business
// goes on to the opening hours (still pending) or home.
export const Route = createFileRoute('/{-$locale}/_onboarding/onboarding/how-do-you-work')({
  beforeLoad: ({ params }) => {
    const { tenant } = getSession();
    if (!tenant) return;
    if (tenant.status === 'TENANT_STATUS_PENDING_OPENING_HOURS') {
      throw redirect({ to: '/{-$locale}/onboarding/opening-hours', params, replace: true });
    }
    throw redirect({ to: '/{-$locale}', params, replace: true });
  },
  loader: ({ context }) => context.queryClient.ensureQueryData(getConfigurationOptions()),
  pendingComponent: PageLoader,
  errorComponent: RouteError,
  component: HowDoYouWorkPage,
});
