import { createFileRoute } from '@tanstack/react-router';
import * as z from 'zod';
import { useBusiness } from '~/entities/session/use-business';
import { CalendarPage } from '~/features/appointments/components/calendar-page';

export const Route = createFileRoute('/{-$locale}/_dashboard/_business/appointments/')({
  validateSearch: z.object({
    date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).optional().catch(undefined),
    view: z.enum(['day', 'week']).optional().catch(undefined),
    who: z.string().max(64).optional().catch(undefined),
  }),
  component: AppointmentsRoute,
});

function AppointmentsRoute() {
  const tenant = useBusiness();
  const search = Route.useSearch();
  return <CalendarPage key={tenant.id} tenant={tenant} search={search} />;
}
