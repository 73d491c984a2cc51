import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { SsoPage } from '~/features/auth/components/sso-page';

// The router parses search values as JSON where it can (state=123 → 123): read them back as text.
const text = z.preprocess((value) => (value === undefined || value === null ? undefined : String(value)), z.string().optional()).catch(undefined);

export const Route = createFileRoute('/{-$locale}/login/sso')({
  validateSearch: z.object({ response_type: text, redirect_uri: text, state: text }),
  component: function SsoRoute() {
    const search = Route.useSearch();
    return <SsoPage request={search} />;
  },
});
