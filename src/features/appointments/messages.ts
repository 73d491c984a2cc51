import { defineMessages, type MessageDescriptor } from 'react-intl';
import type { UnavailableSlot } from '@generated/types.gen';

export const slotReasonMessages: Record<UnavailableSlot['reason'], MessageDescriptor> = defineMessages({
  UNAVAILABLE_SLOT_REASON_UNSPECIFIED: { id: 'appointments.slot.unspecified', defaultMessage: 'Unavailable' },
  UNAVAILABLE_SLOT_REASON_OUTSIDE_OPENING_HOURS: { id: 'appointments.slot.closed', defaultMessage: 'Closed' },
  UNAVAILABLE_SLOT_REASON_BREAK: { id: 'appointments.slot.break', defaultMessage: 'Break' },
  UNAVAILABLE_SLOT_REASON_TIME_OFF: { id: 'appointments.slot.timeOff', defaultMessage: 'Time off' },
  UNAVAILABLE_SLOT_REASON_HOLIDAY: { id: 'appointments.slot.holiday', defaultMessage: 'Holiday' },
  UNAVAILABLE_SLOT_REASON_BLOCKED: { id: 'appointments.slot.blocked', defaultMessage: 'Blocked' },
});

const appointmentDefinitions = defineMessages({
  range: { id: 'appointments.range', defaultMessage: '{start} – {end}' },
  none: { id: 'appointments.none', defaultMessage: '—' },
  doubleBookingTitle: { id: 'appointments.doubleBooking.title', defaultMessage: 'That time is already taken' },
  doubleBooking: {
    id: 'appointments.doubleBooking.message',
    defaultMessage: '{member} already has an appointment then: {customer}, {when}. Nothing was changed.',
  },
  doubleBookingUnknown: { id: 'appointments.doubleBooking.unknown', defaultMessage: 'someone' },
  outsideHoursTitle: { id: 'appointments.outsideHours.title', defaultMessage: 'Outside working hours' },
  outsideHours: {
    id: 'appointments.outsideHours.message',
    defaultMessage: 'This time is outside the working hours or in time off. Book it anyway?',
  },
  outsideHoursConfirm: { id: 'appointments.outsideHours.confirm', defaultMessage: 'Book anyway' },
  outsideHoursCancel: { id: 'appointments.outsideHours.cancel', defaultMessage: 'Go back' },
  pastTitle: { id: 'appointments.past.title', defaultMessage: 'This time is in the past' },
  past: {
    id: 'appointments.past.message',
    defaultMessage: 'The appointment would start on {when}, before now. Book it anyway (for example, to record a visit that already happened)?',
  },
  pastConfirm: { id: 'appointments.past.confirm', defaultMessage: 'Book in the past' },
  staleTitle: { id: 'appointments.stale.title', defaultMessage: 'Changed by someone else' },
  stale: {
    id: 'appointments.stale.message',
    defaultMessage: 'Someone else changed this appointment in the meantime. The calendar now shows the current version; try again.',
  },
  invalidTransition: { id: 'appointments.invalidTransition', defaultMessage: 'The appointment cannot move to that status from its current one.' },
  charged: { id: 'appointments.charged', defaultMessage: 'This appointment was charged: void or refund its sale before cancelling or rejecting it.' },
  chargedDelete: {
    id: 'appointments.chargedDelete',
    defaultMessage: 'This appointment was charged or invoiced, so it stays in the history. Cancel it instead (after voiding or refunding its sale).',
  },
  notStarted: { id: 'appointments.notStarted', defaultMessage: 'This can be set only once the appointment has started.' },
  moveFailedTitle: { id: 'appointments.moveFailed.title', defaultMessage: 'The appointment was not moved' },
  moved: { id: 'appointments.moved', defaultMessage: 'Appointment moved' },
  saved: { id: 'appointments.saved', defaultMessage: 'Appointment saved' },
  booked: { id: 'appointments.booked', defaultMessage: 'Appointment booked' },
  bookedSeries: { id: 'appointments.bookedSeries', defaultMessage: '{count, plural, one {# appointment booked} other {# appointments booked}}' },
  skipped: {
    id: 'appointments.skipped',
    defaultMessage: '{count, plural, one {# occurrence was skipped because it collided} other {# occurrences were skipped because they collided}}',
  },
  blocked: { id: 'appointments.blocked', defaultMessage: 'Time blocked' },
  blockFailed: { id: 'appointments.blockFailed', defaultMessage: 'The time could not be blocked' },
  customerNameRequired: { id: 'appointments.quickCustomer.name.required', defaultMessage: 'Enter the customer’s name.' },
  customerRequired: { id: 'appointments.form.customer.required', defaultMessage: 'Choose a customer, or create one.' },
  servicesRequired: { id: 'appointments.form.services.required', defaultMessage: 'Choose at least one service.' },
  memberRequired: { id: 'appointments.form.member.required', defaultMessage: 'Choose who will attend.' },
  dateInvalid: { id: 'appointments.form.date.invalid', defaultMessage: 'Choose a date.' },
  timeInvalid: { id: 'appointments.form.time.invalid', defaultMessage: 'Choose a time in steps of 5 minutes.' },
  endBeforeStart: { id: 'appointments.form.end.beforeStart', defaultMessage: 'The end must be after the start.' },
  countInvalid: { id: 'appointments.form.repeat.count', defaultMessage: 'Enter from 2 to 104 occurrences.' },
  untilInvalid: { id: 'appointments.form.repeat.until', defaultMessage: 'Choose a last day after the first appointment.' },
  notesTooLong: { id: 'appointments.form.notes.tooLong', defaultMessage: 'Notes can be at most 2,000 characters.' },
  reminderInvalid: { id: 'appointments.form.reminder.invalid', defaultMessage: 'Choose from 5 minutes to 7 days before, in steps of 5 minutes.' },
});

/** Typed as plain descriptors so that those with placeholders take their values. */
export const appointmentMessages: Record<keyof typeof appointmentDefinitions, MessageDescriptor> = appointmentDefinitions;
