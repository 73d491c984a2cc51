import { createFileRoute } from '@tanstack/react-router';
import { listTeamMembersOptions } from '@generated/@tanstack/react-query.gen';
import { useBusiness } from '~/entities/session/use-business';
import { PageLoader } from '~/components/page-loader';
import { RouteError } from '~/components/route-error';
import { TeamPage } from '~/features/team/components/team-page';
import { TEAM_PAGE_QUERY } from '~/features/team/list-query';

export const Route = createFileRoute('/{-$locale}/_dashboard/_business/team/')({
  loader: ({ context }) => context.queryClient.ensureQueryData(listTeamMembersOptions({ path: { tenantId: context.tenantId }, query: TEAM_PAGE_QUERY })),
  pendingComponent: PageLoader,
  errorComponent: RouteError,
  component: TeamRoute,
});

function TeamRoute() {
  const tenant = useBusiness();
  return <TeamPage key={tenant.id} tenant={tenant} />;
}
