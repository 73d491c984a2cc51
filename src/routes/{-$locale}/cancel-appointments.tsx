import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { CancelAppointmentPage } from '~/features/cancellation/components/cancel-appointment-page';

// The router parses search values as JSON where it can: read the token back as text.
const text = z.preprocess((value) => (value === undefined || value === null ? undefined : String(value)), z.string().optional()).catch(undefined);

// SPEC §2 /cancel-appointments (no layout, no sign-in): opened from the link in a customer's e-mail.
export const Route = createFileRoute('/{-$locale}/cancel-appointments')({
  validateSearch: z.object({ token: text }),
  component: function CancelAppointmentsRoute() {
    const { token } = Route.useSearch();
    return <CancelAppointmentPage token={token} />;
  },
});
