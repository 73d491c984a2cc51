import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { AcceptInvitationPage } from '~/features/team/components/accept-invitation-page';

// The router parses search values as JSON where it can: read the address back as text.
const text = z.preprocess((value) => (value === undefined || value === null ? undefined : String(value)), z.string().optional()).catch(undefined);

// The link of an invitation e-mail (no layout; the token guard sends anyone signed out to sign in or
// register first, then back here): accepts the invitation (SPEC §7) and opens the business.
export const Route = createFileRoute('/{-$locale}/invitations/$id')({
  validateSearch: z.object({ email: text }),
  component: function AcceptInvitationRoute() {
    const { id } = Route.useParams();
    const { email } = Route.useSearch();
    return <AcceptInvitationPage key={id} invitationId={id} invitedEmail={email} />;
  },
});
