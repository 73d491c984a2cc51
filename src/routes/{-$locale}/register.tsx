import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { RegisterPage } from '~/features/auth/components/register-page';

export const Route = createFileRoute('/{-$locale}/register')({
  validateSearch: z.object({ redirectedFrom: z.string().optional().catch(undefined) }),
  component: function RegisterRoute() {
    const { redirectedFrom } = Route.useSearch();
    return <RegisterPage redirectedFrom={redirectedFrom} />;
  },
});
