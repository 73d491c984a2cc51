import type { Appointment, AppointmentCalendar, UnavailableSlot } from '@generated/types.gen';
import { appointmentStatus, CLOSED_APPOINTMENT_STATUSES } from '~/entities/appointment/status';
import { statusVariant } from '~/entities/status';
import { readableTextColor } from '~/lib/contrast';
import { addMinutesToParts, formatDate, parseDate, partsFromIsoLocal, partsToIsoLocal, type DateTimeParts } from '~/lib/temporal';

/**
 * The calendar's data rules, kept pure (no React, no FullCalendar): appointments and unavailable
 * slots → calendar events (status colours: src/entities/appointment/status.ts), and the range the
 * calendar asks for.
 */

export interface AppointmentEventProps {
  kind: 'appointment';
  appointment: Appointment;
}

export interface SlotEventProps {
  kind: 'slot';
  slot: UnavailableSlot;
}

export interface CalendarEventInput {
  id: string;
  start: string;
  end: string;
  title: string;
  color?: string;
  /** Black or white, whichever reads better on `color` (WCAG 1.4.3). */
  textColor?: string;
  display?: 'background' | 'auto';
  editable?: boolean;
  class?: string;
  extendedProps: AppointmentEventProps | SlotEventProps;
}

/** "Lucía García" */
export function customerName(appointment: Pick<Appointment, 'customer'>): string {
  return [appointment.customer.name, appointment.customer.lastName].filter(Boolean).join(' ');
}

/**
 * A foreground event per appointment (at its instant, so DST and the browser's zone cannot shift it),
 * in `color` when given (the member's, when the whole team is shown: issue 19), else its own.
 */
export function appointmentEvent(appointment: Appointment, color: string = appointment.color): CalendarEventInput {
  const closed = CLOSED_APPOINTMENT_STATUSES.includes(appointment.status);
  return {
    id: appointment.id,
    start: appointment.startAt,
    end: appointment.endAt,
    title: customerName(appointment),
    color,
    textColor: readableTextColor(color),
    editable: !closed && appointment.status !== 'APPOINTMENT_STATUS_DONE',
    class: closed ? 'cita-event-closed' : 'cita-event',
    extendedProps: { kind: 'appointment', appointment },
  };
}

/** A grey background event per unavailable slot, titled with its translated reason. */
export function slotEvent(slot: UnavailableSlot, index: number, reasonText: string): CalendarEventInput {
  return {
    id: `slot-${slot.timeOffId ?? index}-${slot.userId ?? ''}-${partsToIsoLocal(slot.startDate)}`,
    start: partsToIsoLocal(slot.startDate),
    end: partsToIsoLocal(slot.endDate),
    title: slot.description ? `${reasonText}: ${slot.description}` : reasonText,
    display: 'background',
    class: slot.reason === 'UNAVAILABLE_SLOT_REASON_BLOCKED' || slot.reason === 'UNAVAILABLE_SLOT_REASON_TIME_OFF' ? 'cita-slot-blocked' : 'cita-slot',
    extendedProps: { kind: 'slot', slot },
  };
}

/**
 * The events of one member's column (or of the single calendar when `userId` is undefined): their
 * appointments and unavailable slots. Cancelled appointments are hidden unless asked for.
 */
export function calendarEvents(
  calendar: Pick<AppointmentCalendar, 'appointments' | 'unavailableSlots'> | undefined,
  options: { userId?: string; reasonText: (slot: UnavailableSlot) => string; showCancelled?: boolean; colorOf?: (appointment: Appointment) => string | undefined },
): CalendarEventInput[] {
  if (!calendar) return [];
  const mine = <T extends { userId?: string }>(item: T) => options.userId === undefined || item.userId === undefined || item.userId === options.userId;
  const events: CalendarEventInput[] = [];
  calendar.unavailableSlots.forEach((slot, index) => {
    if (mine(slot)) events.push(slotEvent(slot, index, options.reasonText(slot)));
  });
  for (const appointment of calendar.appointments) {
    if (!mine(appointment)) continue;
    if (!options.showCancelled && appointment.status === 'APPOINTMENT_STATUS_CANCELLED') continue;
    events.push(appointmentEvent(appointment, options.colorOf?.(appointment) ?? appointment.color));
  }
  return events;
}

/**
 * The range request of the visible dates: FullCalendar's [start, end) as written in the business's
 * zone → wall-clock start at 00:00 of the first day and end at 23:59 of the last (SPEC §5).
 */
export function rangeRequest(startStr: string, endStr: string): { startDate: DateTimeParts; endDate: DateTimeParts } {
  const start = partsFromIsoLocal(startStr);
  const lastMinute = addMinutesToParts(partsFromIsoLocal(endStr), -1);
  return { startDate: { ...start, hours: 0, minutes: 0 }, endDate: { ...lastMinute, hours: 23, minutes: 59 } };
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The first hour the grid shows: the answer's earliestHour (0 on failure, SPEC §8), a little before it. */
export function slotMinTime(earliestHour: number | undefined): string {
  const hour = Math.max(0, Math.min(23, earliestHour ?? 0));
  return `${pad(hour)}:00:00`;
}

/**
 * The days a view shows for `date` ('YYYY-MM-DD'): that day, or its Monday-to-Sunday week, as the
 * range request's wall-clock start (00:00) and end (23:59). Computed from the state, not from the
 * calendar, so the query key is known before the calendar renders.
 */
export function visibleRange(view: 'day' | 'week', date: string): { startDate: DateTimeParts; endDate: DateTimeParts } {
  const day = parseDate(date);
  if (!day) throw new RangeError(`not a date: ${date}`);
  const first = view === 'day' ? day : day.subtract({ days: day.dayOfWeek - 1 });
  const last = view === 'day' ? day : first.add({ days: 6 });
  return {
    startDate: { year: first.year, month: first.month, day: first.day, hours: 0, minutes: 0 },
    endDate: { year: last.year, month: last.month, day: last.day, hours: 23, minutes: 59 },
  };
}

/** The date `date` moves to with "previous" (-1) or "next" (+1) in a view. */
export function stepDate(view: 'day' | 'week', date: string, direction: 1 | -1): string {
  const day = parseDate(date);
  if (!day) return date;
  return formatDate(day.add({ days: direction * (view === 'day' ? 1 : 7) }));
}

/** "10:30 – 11:15": an appointment's wall-clock times in the business's zone, from its parts. */
export function appointmentTimeText(appointment: Pick<Appointment, 'startDate' | 'endDate'>): string {
  const time = (parts: DateTimeParts) => `${pad(parts.hours)}:${pad(parts.minutes)}`;
  return `${time(appointment.startDate)} – ${time(appointment.endDate)}`;
}

/** "16:00 – 16:30" from FullCalendar's ISO strings in the calendar's zone ('2026-11-23T16:00:00+01:00'). */
export function wallClockRange(startStr: string, endStr: string): string {
  return `${startStr.slice(11, 16)} – ${endStr.slice(11, 16)}`;
}

/**
 * An appointment's content in the grid (FullCalendar's `{ domNodes }` content): time, status badge
 * (SPEC §4 colours), customer, services and notes, built with the DOM rather than as React components
 * or HTML to parse: a busy week holds a thousand of these. Its text is the event's accessible name.
 */
export function appointmentEventElement(appointment: Appointment, timeText: string, statusLabel: string, doc: Document = document, compact = false): HTMLElement {
  const status = appointment.status;
  const element = (tag: string, className: string, text?: string) => {
    const node = doc.createElement(tag);
    node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  };
  const body = element('div', 'cita-event-body');
  body.dataset.testid = 'appointment-event';
  body.dataset.status = status;
  const head = element('div', 'cita-event-head');
  // In the narrow columns of the week view, the status is a coloured dot (its name for screen readers
  // and as a tooltip) rather than a pill cut to a few illegible letters (issue 18).
  const badge = compact
    ? element('span', `cita-event-status cita-event-status-dot cita-status-${appointmentStatus.colors[status]}`)
    : element('span', `cita-event-status cita-status-${appointmentStatus.colors[status]}`, statusLabel);
  if (compact) {
    badge.title = statusLabel;
    badge.append(element('span', 'cita-visually-hidden', statusLabel));
  }
  badge.dataset.variant = statusVariant(appointmentStatus, status, 'filled');
  head.append(element('span', 'cita-event-time', timeText), badge);
  body.append(head, element('div', 'cita-event-customer', customerName(appointment)), element('div', 'cita-event-services', appointment.services.map((service) => service.name).join(', ')));
  if (appointment.notes) body.append(element('div', 'cita-event-notes', appointment.notes));
  return body;
}
