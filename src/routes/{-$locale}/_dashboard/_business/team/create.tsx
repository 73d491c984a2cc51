import { createFileRoute } from '@tanstack/react-router';
import { useBusiness } from '~/entities/session/use-business';
import { TeamInvitePage } from '~/features/team/components/team-invite-page';

export const Route = createFileRoute('/{-$locale}/_dashboard/_business/team/create')({
  component: TeamInviteRoute,
});

function TeamInviteRoute() {
  const tenant = useBusiness();
  return <TeamInvitePage key={tenant.id} tenant={tenant} />;
}
