import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { LoginPage } from '~/features/auth/components/login-page';

export const Route = createFileRoute('/{-$locale}/login/')({
  validateSearch: z.object({ redirectedFrom: z.string().optional().catch(undefined) }),
  component: function LoginRoute() {
    const { redirectedFrom } = Route.useSearch();
    return <LoginPage redirectedFrom={redirectedFrom} />;
  },
});
