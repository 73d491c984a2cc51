import { createFileRoute } from '@tanstack/react-router';
import * as z from 'zod';
import { useBusiness } from '~/entities/session/use-business';
import { AppointmentPage } from '~/features/appointments/components/appointment-page';

export const Route = createFileRoute('/{-$locale}/_dashboard/_business/appointments/$id')({
  validateSearch: z.object({ userId: z.string().max(64).optional().catch(undefined) }),
  component: AppointmentRoute,
});

function AppointmentRoute() {
  const tenant = useBusiness();
  const { id } = Route.useParams();
  const { userId } = Route.useSearch();
  return <AppointmentPage key={`${tenant.id}/${id}`} tenant={tenant} id={id} ownerUserId={userId} />;
}
