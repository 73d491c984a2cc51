import { createFileRoute } from '@tanstack/react-router';
import * as z from 'zod';
import { listTeamMembersOptions } from '@generated/@tanstack/react-query.gen';
import { useBusiness } from '~/entities/session/use-business';
import { PageLoader } from '~/components/page-loader';
import { RouteError } from '~/components/route-error';
import { SchedulePage } from '~/features/schedules/components/schedule-page';
import { TEAM_QUERY } from '~/features/schedules/list-query';

const searchSchema = z.object({ userId: z.uuid().optional().catch(undefined) });

export const Route = createFileRoute('/{-$locale}/_dashboard/_business/appointments/schedule')({
  validateSearch: searchSchema,
  loader: ({ context }) =>
    context.queryClient.ensureQueryData(listTeamMembersOptions({ path: { tenantId: context.tenantId }, query: TEAM_QUERY })),
  pendingComponent: PageLoader,
  errorComponent: RouteError,
  component: ScheduleRoute,
});

function ScheduleRoute() {
  const tenant = useBusiness();
  const { userId } = Route.useSearch();
  const navigate = Route.useNavigate();
  return <SchedulePage key={tenant.id} tenant={tenant} userId={userId} onChooseUser={(next) => void navigate({ search: { userId: next } })} />;
}
