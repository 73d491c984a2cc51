import type { Appointment, AppointmentUpdate } from '@generated/types.gen';
import type { DateTimeParts } from '~/lib/temporal';

/**
 * The update body that keeps everything of `appointment` but what `changes` names (a drag changes
 * the times, a drop on another column the member too). Prices stay as booked.
 */
export function updateFromAppointment(
  appointment: Appointment,
  changes: { startDate?: DateTimeParts; endDate?: DateTimeParts; userId?: string; allowOutsideHours?: boolean } = {},
): AppointmentUpdate {
  return {
    version: appointment.version,
    customerId: appointment.customer.id,
    services: appointment.services.map((service) => ({ id: service.id, price: service.price })),
    startDate: changes.startDate ?? appointment.startDate,
    endDate: changes.endDate ?? appointment.endDate,
    ...(changes.userId && changes.userId !== appointment.userId ? { userId: changes.userId } : {}),
    ...(changes.allowOutsideHours ? { allowOutsideHours: true } : {}),
    ...(appointment.notes ? { notes: appointment.notes } : {}),
    ...(appointment.distinctionId ? { distinctionId: appointment.distinctionId } : {}),
    ...(appointment.serviceObjectId ? { serviceObjectId: appointment.serviceObjectId } : {}),
    reminders: appointment.reminders.map((reminder) => ({ channel: reminder.channel, minutesBefore: reminder.minutesBefore })),
  };
}
