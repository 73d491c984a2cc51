import { createFileRoute, redirect } from '@tanstack/react-router';
import { getSession } from '~/entities/session/use-session';

// SPEC §2 /onboarding: the step the business is at. A business past its opening hours (active, or
// only its first service left) goes home instead of back to a step already done (issue 18).
export const Route = createFileRoute('/{-$locale}/_onboarding/onboarding/')({
  beforeLoad: ({ params }) => {
    const { tenant } = getSession();
    if (tenant && tenant.status !== 'TENANT_STATUS_PENDING_OPENING_HOURS') {
      throw redirect({ to: '/{-$locale}', params, replace: true });
    }
    throw redirect({
      to: tenant ? '/{-$locale}/onboarding/opening-hours' : '/{-$locale}/onboarding/how-do-you-work',
      params,
      replace: true,
    });
  },
});
