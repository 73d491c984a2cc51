import type { Appointment, AppointmentReminder, ReminderChannel } from '@generated/types.gen';
import { Temporal } from 'temporal-polyfill';

/**
 * What became of one reminder of an appointment, as far as the appointment says (issue 18, "told
 * what happens"). The API carries only `sent`/`sentAt`; the rest is read from the same facts the
 * server decides on (server/appointments/events.ts, server/notifications/worker.ts): the appointment's
 * status, the customer's contact details, the channels this server sends (GET /v1/configuration's
 * reminderChannels), when the appointment was booked and the reminder's due moment.
 *
 * - sent: it left, at `at`;
 * - dropped: the appointment is no longer pending or confirmed, so it will not leave;
 * - unsupported: no provider for its channel on this server (sent by hand through WhatsApp instead);
 * - no_recipient: the appointment has no e-mail address (or phone) of the customer for it;
 * - too_late: its moment had already passed when the appointment was booked;
 * - pending: due at `due`, still ahead;
 * - sending: due a moment ago, the outbox worker is about to send it;
 * - failed: due at `due` and still not sent (sending failed, is being retried, or the appointment was
 *   moved after that moment).
 */
export type ReminderState =
  | { kind: 'sent'; at: Temporal.Instant }
  | { kind: 'dropped' }
  | { kind: 'unsupported' }
  | { kind: 'no_recipient' }
  | { kind: 'too_late'; due: Temporal.Instant }
  | { kind: 'pending'; due: Temporal.Instant }
  | { kind: 'sending'; due: Temporal.Instant }
  | { kind: 'failed'; due: Temporal.Instant };

/** How long after its due moment an unsent reminder is still "being sent" (the worker polls every few seconds). */
export const SENDING_GRACE_MINUTES = 5;

/** Pending or confirmed: its reminders are still to leave (the server drops those of any other status). */
export const isLive = (status: Appointment['status']): boolean => status === 'APPOINTMENT_STATUS_PENDING' || status === 'APPOINTMENT_STATUS_CONFIRMED';

/** The moment the reminder is due: the appointment's start minus its minutesBefore. */
export function reminderDue(appointment: Pick<Appointment, 'startAt'>, reminder: Pick<AppointmentReminder, 'minutesBefore'>): Temporal.Instant {
  return Temporal.Instant.from(appointment.startAt).subtract({ minutes: reminder.minutesBefore });
}

export function reminderState(
  appointment: Pick<Appointment, 'status' | 'startAt' | 'createdAt' | 'customer'>,
  reminder: AppointmentReminder,
  sentChannels: readonly ReminderChannel[],
  now: Temporal.Instant = Temporal.Now.instant(),
): ReminderState {
  if (reminder.sent) return { kind: 'sent', at: Temporal.Instant.from(reminder.sentAt ?? appointment.startAt) };
  if (!isLive(appointment.status)) return { kind: 'dropped' };
  if (!sentChannels.includes(reminder.channel)) return { kind: 'unsupported' };
  const contact = reminder.channel === 'REMINDER_CHANNEL_EMAIL' ? appointment.customer.email : appointment.customer.phoneNumber;
  if (!contact?.trim()) return { kind: 'no_recipient' };
  const due = reminderDue(appointment, reminder);
  if (Temporal.Instant.compare(Temporal.Instant.from(appointment.createdAt), due) >= 0) return { kind: 'too_late', due };
  if (Temporal.Instant.compare(now, due) < 0) return { kind: 'pending', due };
  if (Temporal.Instant.compare(now, due.add({ minutes: SENDING_GRACE_MINUTES })) < 0) return { kind: 'sending', due };
  return { kind: 'failed', due };
}
