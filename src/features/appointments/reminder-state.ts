import type { Appointment, AppointmentReminder } from '@generated/types.gen';
import { Temporal } from 'temporal-polyfill';

/**
 * What became of one reminder of an appointment (issue 18, "told what happens"), as the server says it:
 * the reminder's `status`, `failureReason` and moments are read by the API from the reminder's outbox
 * message (server/appointments/rules.ts reminderWithStatus). Nothing is inferred here: this only sorts
 * them into the cases the card puts in words.
 *
 * - scheduled: due at `due`, still ahead;
 * - sending: due, being handed to its provider now;
 * - retrying: the last attempt failed (the provider could not be reached), tried again at `next`;
 * - sent: the provider took it, at `at`;
 * - failed: sending failed for good: the provider refused it (`rejected`) or stayed unreachable;
 * - no_recipient: the appointment has no e-mail address (or phone) of the customer for it;
 * - unsupported: no provider for its channel on this server (sent by hand through WhatsApp instead);
 * - too_late: its moment had passed before it could be sent;
 * - cancelled: the appointment stopped being pending or confirmed before it left.
 */
export type ReminderState =
  | { kind: 'scheduled'; due: Temporal.Instant }
  | { kind: 'sending'; due: Temporal.Instant }
  | { kind: 'retrying'; due: Temporal.Instant; next?: Temporal.Instant }
  | { kind: 'sent'; at: Temporal.Instant }
  | { kind: 'failed'; due: Temporal.Instant; rejected: boolean }
  | { kind: 'no_recipient' }
  | { kind: 'unsupported' }
  | { kind: 'too_late'; due: Temporal.Instant }
  | { kind: 'cancelled' };

/** Pending or confirmed: the appointment is still ahead of the customer (the WhatsApp card offers a reminder by hand). */
export const isLive = (status: Appointment['status']): boolean => status === 'APPOINTMENT_STATUS_PENDING' || status === 'APPOINTMENT_STATUS_CONFIRMED';

/** The server's word on the reminder, as one of the card's cases. */
export function reminderState(reminder: AppointmentReminder): ReminderState {
  const due = Temporal.Instant.from(reminder.dueAt);
  switch (reminder.status) {
    case 'REMINDER_STATUS_SCHEDULED':
      return { kind: 'scheduled', due };
    case 'REMINDER_STATUS_SENDING':
      return { kind: 'sending', due };
    case 'REMINDER_STATUS_RETRYING':
      return { kind: 'retrying', due, ...(reminder.nextAttemptAt ? { next: Temporal.Instant.from(reminder.nextAttemptAt) } : {}) };
    case 'REMINDER_STATUS_SENT':
      return { kind: 'sent', at: Temporal.Instant.from(reminder.sentAt ?? reminder.dueAt) };
    case 'REMINDER_STATUS_FAILED':
      return { kind: 'failed', due, rejected: reminder.failureReason === 'provider_rejected' };
    case 'REMINDER_STATUS_SKIPPED':
      if (reminder.failureReason === 'unsupported_channel') return { kind: 'unsupported' };
      if (reminder.failureReason === 'too_late') return { kind: 'too_late', due };
      return { kind: 'no_recipient' };
    case 'REMINDER_STATUS_CANCELLED':
      return { kind: 'cancelled' };
  }
}

/** A reminder the server will not send because it has no provider for its channel (the WhatsApp card offers it by hand). */
export const isUnsupported = (reminder: AppointmentReminder): boolean =>
  reminder.status === 'REMINDER_STATUS_SKIPPED' && reminder.failureReason === 'unsupported_channel';
