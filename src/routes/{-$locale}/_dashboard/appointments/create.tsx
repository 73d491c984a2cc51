import { createFileRoute } from '@tanstack/react-router';
import * as z from 'zod';
import { useSession } from '~/entities/session/use-session';
import { AppointmentCreatePage } from '~/features/appointments/components/appointment-create-page';
import { NoAppointmentsBusiness } from '~/features/appointments/components/no-business';

const dateTime = z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/).optional().catch(undefined);

export const Route = createFileRoute('/{-$locale}/_dashboard/appointments/create')({
  validateSearch: z.object({ start: dateTime, end: dateTime, userId: z.string().max(64).optional().catch(undefined) }),
  component: AppointmentCreateRoute,
});

function AppointmentCreateRoute() {
  const { tenant } = useSession();
  const search = Route.useSearch();
  return tenant ? <AppointmentCreatePage key={tenant.id} tenant={tenant} search={search} /> : <NoAppointmentsBusiness />;
}
