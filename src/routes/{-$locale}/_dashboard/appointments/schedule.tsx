import { createFileRoute } from '@tanstack/react-router';
import * as z from 'zod';
import { listTeamMembersOptions } from '@generated/@tanstack/react-query.gen';
import { getSession, useSession } from '~/entities/session/use-session';
import { PageLoader } from '~/components/page-loader';
import { RouteError } from '~/components/route-error';
import { NoScheduleBusiness } from '~/features/schedules/components/no-business';
import { SchedulePage } from '~/features/schedules/components/schedule-page';
import { TEAM_QUERY } from '~/features/schedules/list-query';

const searchSchema = z.object({ userId: z.uuid().optional().catch(undefined) });

export const Route = createFileRoute('/{-$locale}/_dashboard/appointments/schedule')({
  validateSearch: searchSchema,
  loader: ({ context }) => {
    const tenantId = getSession().tenantId;
    return tenantId ? context.queryClient.ensureQueryData(listTeamMembersOptions({ path: { tenantId }, query: TEAM_QUERY })) : undefined;
  },
  pendingComponent: PageLoader,
  errorComponent: RouteError,
  component: ScheduleRoute,
});

function ScheduleRoute() {
  const { tenant } = useSession();
  const { userId } = Route.useSearch();
  const navigate = Route.useNavigate();
  if (!tenant) return <NoScheduleBusiness />;
  return <SchedulePage key={tenant.id} tenant={tenant} userId={userId} onChooseUser={(next) => void navigate({ search: { userId: next } })} />;
}
