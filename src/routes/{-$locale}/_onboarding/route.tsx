import { createFileRoute } from '@tanstack/react-router';
import { OnboardingLayout } from '~/app/layouts/onboarding-layout';

export const Route = createFileRoute('/{-$locale}/_onboarding')({
  component: OnboardingLayout,
});
