import * as z from 'zod';
import { zAppointmentInput, zAppointmentReminderInput, zId } from '@generated/zod.gen';
import type { Appointment, AppointmentInput, AppointmentRecurrence, Service } from '@generated/types.gen';
import type { FieldIssueMessages } from '~/lib/form-issues';
import { addMinutesToParts, compareParts, formatDate, formatTime, fromParts, parseDate, partsFromDateAndTime, type DateTimeParts } from '~/lib/temporal';
import { customerName } from '../calendar-events';
import { appointmentMessages } from '../messages';

/** The booking form (/appointments/create, the edit of /appointments/{id}): what createAppointment takes. */

const time5 = z.string().regex(/^([01]\d|2[0-3]):[0-5][05]$/);
const localDate = z.string().refine((value) => parseDate(value) !== null);

export const bookingFormSchema = z
  .object({
    customerId: zId,
    customerLabel: z.string(),
    serviceIds: z.array(zId).min(1).max(20),
    userId: zId,
    date: localDate,
    startTime: time5,
    endTime: time5,
    distinctionId: z.string(),
    notes: zAppointmentInput.shape.notes.unwrap(),
    reminders: z.array(zAppointmentReminderInput).max(5),
    repeat: z.boolean(),
    frequency: z.enum(['RECURRENCE_FREQUENCY_WEEKLY', 'RECURRENCE_FREQUENCY_MONTHLY']),
    interval: z.int().gte(1).lte(12),
    endKind: z.enum(['count', 'until']),
    count: z.int().gte(2).lte(104),
    until: z.string(),
    skipConflicts: z.boolean(),
  })
  .superRefine((values, ctx) => {
    const start = partsFromDateAndTime(values.date, values.startTime);
    const end = partsFromDateAndTime(values.date, values.endTime);
    if (start && end && compareParts(end, start) <= 0) ctx.addIssue({ code: 'custom', path: ['endTime'], params: { reason: 'before_start' } });
    if (values.repeat && values.endKind === 'until') {
      const until = parseDate(values.until);
      const first = parseDate(values.date);
      if (!until || (first && until.until(first).days >= 0)) ctx.addIssue({ code: 'custom', path: ['until'], params: { reason: 'until' } });
    }
  });

export type BookingFormInput = z.input<typeof bookingFormSchema>;
export type BookingFormValues = z.output<typeof bookingFormSchema>;

export const bookingIssueMessages: FieldIssueMessages = {
  customerId: appointmentMessages.customerRequired,
  serviceIds: appointmentMessages.servicesRequired,
  userId: appointmentMessages.memberRequired,
  date: appointmentMessages.dateInvalid,
  startTime: appointmentMessages.timeInvalid,
  endTime: { before_start: appointmentMessages.endBeforeStart, '*': appointmentMessages.timeInvalid },
  count: appointmentMessages.countInvalid,
  until: appointmentMessages.untilInvalid,
  notes: appointmentMessages.notesTooLong,
  'reminders.*.minutesBefore': appointmentMessages.reminderInvalid,
};

/** A new booking: the selected slot (or the next 5-minute step from now), for `userId`. */
export function newBookingForm(options: { start?: DateTimeParts; end?: DateTimeParts; userId: string }): BookingFormInput {
  const start = options.start;
  const end = options.end ?? (start ? addMinutesToParts(start, 30) : undefined);
  return {
    customerId: '',
    customerLabel: '',
    serviceIds: [],
    userId: options.userId,
    date: start ? formatDate(fromParts(start)) : '',
    startTime: start ? formatTime(fromParts(start)) : '',
    endTime: end ? formatTime(fromParts(end)) : '',
    distinctionId: '',
    notes: '',
    reminders: [],
    repeat: false,
    frequency: 'RECURRENCE_FREQUENCY_WEEKLY',
    interval: 1,
    endKind: 'count',
    count: 4,
    until: '',
    skipConflicts: false,
  };
}

/** The edit of a booked appointment: its customer, services, member, times, distinction, notes and reminders. */
export function bookingFormFromAppointment(appointment: Appointment): BookingFormInput {
  return {
    ...newBookingForm({ userId: appointment.userId }),
    customerId: appointment.customer.id,
    customerLabel: customerName(appointment),
    serviceIds: appointment.services.map((service) => service.id),
    date: formatDate(fromParts(appointment.startDate)),
    startTime: formatTime(fromParts(appointment.startDate)),
    endTime: formatTime(fromParts(appointment.endDate)),
    distinctionId: appointment.distinctionId ?? '',
    notes: appointment.notes ?? '',
    reminders: appointment.reminders.map((reminder) => ({ channel: reminder.channel, minutesBefore: reminder.minutesBefore })),
  };
}

/** The end that follows the start and the chosen services' durations ('HH:mm'), or null. */
export function endTimeFor(date: string, startTime: string, serviceIds: readonly string[], services: readonly Pick<Service, 'id' | 'durationMinutes'>[]): string | null {
  const start = partsFromDateAndTime(date, startTime);
  const minutes = serviceIds.reduce((sum, id) => sum + (services.find((service) => service.id === id)?.durationMinutes ?? 0), 0);
  if (!start || minutes === 0) return null;
  const end = addMinutesToParts(start, minutes);
  // A booking ends on its day; past midnight the user chooses the end by hand.
  if (end.day !== start.day || end.month !== start.month) return '23:55';
  return formatTime(fromParts(end));
}

/** The form's values → AppointmentInput (the create body's `appointment`). */
export function appointmentInputFromForm(values: BookingFormValues): AppointmentInput {
  const startDate = partsFromDateAndTime(values.date, values.startTime);
  const endDate = partsFromDateAndTime(values.date, values.endTime);
  if (!startDate || !endDate) throw new RangeError('validated form with an invalid date');
  return {
    userId: values.userId,
    customerId: values.customerId,
    services: values.serviceIds.map((id) => ({ id })),
    startDate,
    endDate,
    ...(values.notes.trim() ? { notes: values.notes.trim() } : {}),
    ...(values.distinctionId ? { distinctionId: values.distinctionId } : {}),
    reminders: values.reminders,
  };
}

/** The form's repeat → AppointmentRecurrence, or undefined when it does not repeat. */
export function recurrenceFromForm(values: BookingFormValues): AppointmentRecurrence | undefined {
  if (!values.repeat) return undefined;
  return {
    frequency: values.frequency,
    interval: values.interval,
    ...(values.endKind === 'count' ? { count: values.count } : { until: values.until }),
    ...(values.skipConflicts ? { skipConflicts: true } : {}),
  };
}
