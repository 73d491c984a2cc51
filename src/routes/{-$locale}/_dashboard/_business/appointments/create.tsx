import { createFileRoute } from '@tanstack/react-router';
import * as z from 'zod';
import { useBusiness } from '~/entities/session/use-business';
import { AppointmentCreatePage } from '~/features/appointments/components/appointment-create-page';

const dateTime = z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/).optional().catch(undefined);

export const Route = createFileRoute('/{-$locale}/_dashboard/_business/appointments/create')({
  validateSearch: z.object({
    start: dateTime,
    end: dateTime,
    userId: z.string().max(64).optional().catch(undefined),
    customerId: z.string().max(64).optional().catch(undefined),
  }),
  component: AppointmentCreateRoute,
});

function AppointmentCreateRoute() {
  const tenant = useBusiness();
  const search = Route.useSearch();
  return <AppointmentCreatePage key={tenant.id} tenant={tenant} search={search} />;
}
