// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import type { Appointment, AppointmentCalendar } from '@generated/types.gen';
import { appointmentEvent, appointmentEventElement, appointmentTimeText, calendarEvents, wallClockRange, rangeRequest, slotMinTime } from './calendar-events';

const base: Appointment = {
  id: 'a1',
  tenantId: 't',
  userId: 'u1',
  customer: { id: 'c', name: 'Lucía', lastName: 'García' },
  services: [{ id: 's', name: 'Corte', durationMinutes: 45, price: { amount: 2500, currency: 'EUR' } }],
  totalPrice: { amount: 2500, currency: 'EUR' },
  status: 'APPOINTMENT_STATUS_PENDING',
  startDate: { year: 2026, month: 3, day: 29, hours: 3, minutes: 30 },
  endDate: { year: 2026, month: 3, day: 29, hours: 4, minutes: 15 },
  startAt: '2026-03-29T03:30:00+02:00',
  endAt: '2026-03-29T04:15:00+02:00',
  color: '#fab005',
  reminders: [],
  cancellation: { linkStatus: 'CANCELLATION_LINK_STATUS_NONE' },
  version: 1,
  createdAt: '2026-03-01T10:00:00Z',
  updatedAt: '2026-03-01T10:00:00Z',
};

describe('calendar events', () => {
  it('places an appointment at its instant, coloured by its colour, named by its customer', () => {
    const event = appointmentEvent(base);
    expect(event).toMatchObject({ id: 'a1', start: '2026-03-29T03:30:00+02:00', end: '2026-03-29T04:15:00+02:00', title: 'Lucía García', color: '#fab005', editable: true });
  });

  it('does not let a cancelled, rejected, no-show or done appointment be dragged', () => {
    for (const status of ['APPOINTMENT_STATUS_CANCELLED', 'APPOINTMENT_STATUS_REJECTED', 'APPOINTMENT_STATUS_NO_SHOW', 'APPOINTMENT_STATUS_DONE'] as const) {
      expect(appointmentEvent({ ...base, status }).editable).toBe(false);
    }
  });

  it('splits one multi-member answer into member columns, slots as titled background events, cancelled hidden', () => {
    const calendar: Pick<AppointmentCalendar, 'appointments' | 'unavailableSlots'> = {
      appointments: [base, { ...base, id: 'a2', userId: 'u2' }, { ...base, id: 'a3', status: 'APPOINTMENT_STATUS_CANCELLED' }],
      unavailableSlots: [
        { userId: 'u1', reason: 'UNAVAILABLE_SLOT_REASON_TIME_OFF', description: 'Médico', startDate: base.startDate, endDate: base.endDate },
        { userId: 'u2', reason: 'UNAVAILABLE_SLOT_REASON_BREAK', startDate: base.startDate, endDate: base.endDate },
      ],
    };
    const events = calendarEvents(calendar, { userId: 'u1', reasonText: (slot) => slot.reason.slice(-8) });
    expect(events.map((event) => event.id)).toEqual([expect.stringMatching(/^slot-/), 'a1']);
    expect(events[0]).toMatchObject({ display: 'background', start: '2026-03-29T03:30:00', title: 'TIME_OFF: Médico' });
    expect(calendarEvents(calendar, { reasonText: () => '' })).toHaveLength(4);
    expect(calendarEvents(undefined, { reasonText: () => '' })).toEqual([]);
  });

  it('asks for whole days of the visible range, the last one until 23:59, even over a year end', () => {
    expect(rangeRequest('2026-12-28T00:00:00+01:00', '2027-01-04T00:00:00+01:00')).toEqual({
      startDate: { year: 2026, month: 12, day: 28, hours: 0, minutes: 0 },
      endDate: { year: 2027, month: 1, day: 3, hours: 23, minutes: 59 },
    });
  });

  it('starts the grid at earliestHour, or midnight after a failed fetch', () => {
    expect(slotMinTime(9)).toBe('09:00:00');
    expect(slotMinTime(undefined)).toBe('00:00:00');
  });
});

describe('visible range', () => {
  it('is the day, or Monday to Sunday of its week, also across a year end and a DST change', async () => {
    const { visibleRange, stepDate } = await import('./calendar-events');
    expect(visibleRange('day', '2026-03-29')).toEqual({
      startDate: { year: 2026, month: 3, day: 29, hours: 0, minutes: 0 },
      endDate: { year: 2026, month: 3, day: 29, hours: 23, minutes: 59 },
    });
    expect(visibleRange('week', '2027-01-01')).toEqual({
      startDate: { year: 2026, month: 12, day: 28, hours: 0, minutes: 0 },
      endDate: { year: 2027, month: 1, day: 3, hours: 23, minutes: 59 },
    });
    expect(stepDate('week', '2026-03-25', 1)).toBe('2026-04-01');
    expect(stepDate('day', '2026-03-01', -1)).toBe('2026-02-28');
  });
});

describe('appointment event element', () => {
  it('shows time, status, customer, services and notes as text (no markup from the data)', () => {
    const element = appointmentEventElement(
      { ...base, customer: { id: 'c', name: '<b>Lucía</b>', lastName: 'García & Co' }, notes: 'Quiere "flequillo"' },
      '03:30 – 04:15',
      'Pendiente',
      document,
    );
    expect(element.dataset.status).toBe('APPOINTMENT_STATUS_PENDING');
    expect(element.dataset.testid).toBe('appointment-event');
    expect(element.querySelector('.cita-event-status')?.className).toContain('cita-status-gray');
    expect(element.textContent).toBe('03:30 – 04:15Pendiente<b>Lucía</b> García & CoCorteQuiere "flequillo"');
    expect(element.querySelector('b')).toBeNull();
  });

  it('leaves the notes out when there are none and outlines an unset status', () => {
    const element = appointmentEventElement({ ...base, status: 'APPOINTMENT_STATUS_UNSPECIFIED' }, '03:30', 'Sin estado', document);
    expect(element.querySelector('.cita-event-notes')).toBeNull();
    expect((element.querySelector('.cita-event-status') as HTMLElement).dataset.variant).toBe('outline');
  });
});

describe('event times', () => {
  it('are the wall-clock parts, also across the DST change', () => {
    expect(appointmentTimeText(base)).toBe('03:30 – 04:15');
    expect(wallClockRange('2026-11-23T16:00:00+01:00', '2026-11-23T16:30:00+01:00')).toBe('16:00 – 16:30');
  });
});

describe('issue 18: readable events and one way of writing times', () => {
  it('writes event text in black or white, whichever reads on the event colour', () => {
    expect(appointmentEvent({ ...base, color: '#fab005' }).textColor).toBe('#000000');
    expect(appointmentEvent({ ...base, color: '#1c3d5a' }).textColor).toBe('#ffffff');
  });

  it('in the week view, shows the status as a dot named for screen readers and by its tooltip', () => {
    const element = appointmentEventElement(base, '09:30 – 10:15', 'Pendiente', document, true);
    const dot = element.querySelector('.cita-event-status') as HTMLElement;
    expect(dot.className).toContain('cita-event-status-dot');
    expect(dot.title).toBe('Pendiente');
    expect(dot.textContent).toBe('Pendiente');
    expect(dot.querySelector('.cita-visually-hidden')?.textContent).toBe('Pendiente');
  });
});

describe('issue 19: members’ colours', () => {
  it('draws each appointment in the colour given for it (the member’s), else its own', () => {
    const calendar: Pick<AppointmentCalendar, 'appointments' | 'unavailableSlots'> = {
      appointments: [base, { ...base, id: 'a2', userId: 'u2' }],
      unavailableSlots: [],
    };
    const colours = new Map([['u2', '#5f3dc4']]);
    const events = calendarEvents(calendar, { reasonText: () => '', colorOf: (appointment) => colours.get(appointment.userId) });
    expect(events.map((event) => [event.id, event.color, event.textColor])).toEqual([
      ['a1', '#fab005', '#000000'],
      ['a2', '#5f3dc4', '#ffffff'],
    ]);
  });
});
