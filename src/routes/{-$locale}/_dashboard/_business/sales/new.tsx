import { createFileRoute } from '@tanstack/react-router';
import * as z from 'zod';
import { useBusiness } from '~/entities/session/use-business';
import { ChargePage } from '~/features/sales/components/charge-page';

/** Charging an appointment (?appointmentId&userId, from the appointment page) or a walk-in sale (no parameters). */
export const Route = createFileRoute('/{-$locale}/_dashboard/_business/sales/new')({
  validateSearch: z.object({
    appointmentId: z.string().uuid().optional().catch(undefined),
    userId: z.string().uuid().optional().catch(undefined),
  }),
  component: ChargeRoute,
});

function ChargeRoute() {
  const tenant = useBusiness();
  const { appointmentId, userId } = Route.useSearch();
  return <ChargePage key={`${tenant.id}/${appointmentId ?? 'walk-in'}`} tenant={tenant} appointmentId={appointmentId} userId={userId} />;
}
