import { createFileRoute, redirect } from '@tanstack/react-router';
import { getSession } from '~/entities/session/use-session';

// SPEC §2 /onboarding: the step the business is at.
export const Route = createFileRoute('/{-$locale}/_onboarding/onboarding/')({
  beforeLoad: ({ params }) => {
    const { tenant } = getSession();
    throw redirect({
      to: tenant ? '/{-$locale}/onboarding/opening-hours' : '/{-$locale}/onboarding/how-do-you-work',
      params,
      replace: true,
    });
  },
});
