import { createFileRoute } from '@tanstack/react-router';
import * as z from 'zod';
import { useSession } from '~/entities/session/use-session';
import { AppointmentPage } from '~/features/appointments/components/appointment-page';
import { NoAppointmentsBusiness } from '~/features/appointments/components/no-business';

export const Route = createFileRoute('/{-$locale}/_dashboard/appointments/$id')({
  validateSearch: z.object({ userId: z.string().max(64).optional().catch(undefined) }),
  component: AppointmentRoute,
});

function AppointmentRoute() {
  const { tenant } = useSession();
  const { id } = Route.useParams();
  const { userId } = Route.useSearch();
  return tenant ? <AppointmentPage key={`${tenant.id}/${id}`} tenant={tenant} id={id} ownerUserId={userId} /> : <NoAppointmentsBusiness />;
}
