import { createFileRoute } from '@tanstack/react-router';
import * as z from 'zod';
import { useSession } from '~/entities/session/use-session';
import { CalendarPage } from '~/features/appointments/components/calendar-page';
import { NoAppointmentsBusiness } from '~/features/appointments/components/no-business';

export const Route = createFileRoute('/{-$locale}/_dashboard/appointments/')({
  validateSearch: z.object({
    date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).optional().catch(undefined),
    view: z.enum(['day', 'week']).optional().catch(undefined),
    who: z.string().max(64).optional().catch(undefined),
  }),
  component: AppointmentsRoute,
});

function AppointmentsRoute() {
  const { tenant } = useSession();
  const search = Route.useSearch();
  return tenant ? <CalendarPage key={tenant.id} tenant={tenant} search={search} /> : <NoAppointmentsBusiness />;
}
