import { defineMessages, type MessageDescriptor } from 'react-intl';
import type { PublicAppointmentSummary } from '@generated/types.gen';
import { asProblem } from '~/lib/api-problem';
import { fromParts, isPastIn } from '~/lib/temporal';

/** The token pattern of the contract: anything else cannot be a link we sent. */
export const TOKEN_PATTERN = /^[A-Za-z0-9_-]{16,128}$/;

export const cancellationMessages = defineMessages({
  invalidLink: { id: 'cancellation.invalidLink', defaultMessage: 'This cancellation link is not valid. Check that you opened the whole link from the e-mail.' },
  revokedLink: {
    id: 'cancellation.revokedLink',
    defaultMessage: 'This link no longer works: the business has changed or cancelled the appointment. Use the link in the most recent e-mail, or contact the business.',
  },
  alreadyCancelled: { id: 'cancellation.alreadyCancelled', defaultMessage: 'This appointment is cancelled.' },
  started: { id: 'cancellation.started', defaultMessage: 'This appointment has already started or taken place, so it can no longer be cancelled.' },
  cutoff: {
    id: 'cancellation.cutoff',
    defaultMessage: 'It is too late to cancel this appointment online. Please contact {business} directly.',
  },
  notCancellable: { id: 'cancellation.notCancellable', defaultMessage: 'This appointment can no longer be cancelled online. Please contact {business}.' },
  callBusiness: { id: 'cancellation.callBusiness', defaultMessage: 'Phone: {phone}' },
  tooManyRequests: { id: 'cancellation.tooManyRequests', defaultMessage: 'Too many attempts. Please wait a minute and try again.' },
});

export const rescheduleMessages: Record<'taken' | 'unavailable' | 'notOffered' | 'failed', MessageDescriptor> = defineMessages({
  taken: { id: 'reschedule.taken', defaultMessage: 'That time has just been taken by someone else. Choose another one.' },
  unavailable: { id: 'reschedule.unavailable', defaultMessage: 'That time can no longer be booked. Choose another one.' },
  notOffered: { id: 'reschedule.notOffered', defaultMessage: '{business} does not take changes online. Please contact them to move the appointment.' },
  failed: { id: 'reschedule.failed', defaultMessage: 'The appointment could not be moved. Check your connection and try again.' },
});

export type NotCancellableReason = 'cancelled' | 'started' | 'cutoff' | 'other';

/** The server's refusal codes (`cancelRefusal`, the code cancelling would answer) as the page's reasons. */
const REFUSAL_REASONS: Record<NonNullable<PublicAppointmentSummary['cancelRefusal']>, NotCancellableReason> = {
  already_cancelled: 'cancelled',
  appointment_started: 'started',
  cancellation_cutoff: 'cutoff',
  not_cancellable: 'other',
};

/**
 * Why the page offers no cancel button (the summary says `cancellable: false`): the server's
 * `cancelRefusal` (it alone knows of a charged appointment), else read from the status and the time.
 */
export function notCancellableReason(appointment: PublicAppointmentSummary, now?: Parameters<typeof isPastIn>[2]): NotCancellableReason {
  if (appointment.cancelRefusal) return REFUSAL_REASONS[appointment.cancelRefusal];
  if (appointment.status === 'APPOINTMENT_STATUS_CANCELLED') return 'cancelled';
  if (appointment.status !== 'APPOINTMENT_STATUS_PENDING' && appointment.status !== 'APPOINTMENT_STATUS_CONFIRMED') return 'other';
  return isPastIn(fromParts(appointment.startDate), appointment.timeZone, now) ? 'started' : 'cutoff';
}

/** "Phone: {phone}", the business's number under a refusal that says to contact it. */
export const callBusinessMessage: MessageDescriptor = cancellationMessages.callBusiness;

/** Reasons after which the customer is told to contact the business (with its phone when it has one). */
export const contactReasons: ReadonlySet<NotCancellableReason> = new Set(['cutoff', 'other']);

export const reasonMessage: Record<NotCancellableReason, MessageDescriptor> = {
  cancelled: cancellationMessages.alreadyCancelled,
  started: cancellationMessages.started,
  cutoff: cancellationMessages.cutoff,
  other: cancellationMessages.notCancellable,
};

/** The translated explanation of a refused call, or null when it is not one of the page's known refusals. */
export function refusalMessage(error: unknown): MessageDescriptor | null {
  const problem = asProblem(error);
  if (!problem) return null;
  if (problem.status === 429) return cancellationMessages.tooManyRequests;
  if (problem.status === 400) return cancellationMessages.invalidLink;
  if (problem.status === 404) return problem.code === 'link_revoked' ? cancellationMessages.revokedLink : cancellationMessages.invalidLink;
  if (problem.status === 409) {
    switch (problem.code) {
      case 'already_cancelled':
        return cancellationMessages.alreadyCancelled;
      case 'appointment_started':
        return cancellationMessages.started;
      case 'cancellation_cutoff':
        return cancellationMessages.cutoff;
      default:
        return cancellationMessages.notCancellable;
    }
  }
  return null;
}
