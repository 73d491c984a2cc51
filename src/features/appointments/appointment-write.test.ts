import { describe, expect, it } from 'vitest';
import type { Appointment } from '@generated/types.gen';
import { updateFromAppointment } from './appointment-write';

const appointment: Appointment = {
  id: 'a1',
  tenantId: 't',
  userId: 'u1',
  customer: { id: 'c1', name: 'Lucía' },
  services: [{ id: 's1', name: 'Corte', durationMinutes: 45, price: { amount: 2000, currency: 'EUR' } }],
  totalPrice: { amount: 2000, currency: 'EUR' },
  notes: 'Flequillo',
  status: 'APPOINTMENT_STATUS_CONFIRMED',
  startDate: { year: 2026, month: 11, day: 23, hours: 10, minutes: 30 },
  endDate: { year: 2026, month: 11, day: 23, hours: 11, minutes: 15 },
  startAt: '2026-11-23T10:30:00+01:00',
  endAt: '2026-11-23T11:15:00+01:00',
  color: '#fab005',
  reminders: [{ channel: 'REMINDER_CHANNEL_SMS', minutesBefore: 120, sent: false, status: 'REMINDER_STATUS_SCHEDULED', dueAt: '2026-11-23T07:30:00Z' }],
  distinctionId: 'd1',
  cancellation: { linkStatus: 'CANCELLATION_LINK_STATUS_NONE' },
  version: 7,
  createdAt: '2026-11-01T10:00:00Z',
  updatedAt: '2026-11-01T10:00:00Z',
};

describe('update body of a move', () => {
  it('keeps the version, customer, services with their booked price, notes, distinction and reminders', () => {
    const start = { year: 2026, month: 11, day: 24, hours: 9, minutes: 0 };
    const end = { year: 2026, month: 11, day: 24, hours: 9, minutes: 45 };
    expect(updateFromAppointment(appointment, { startDate: start, endDate: end })).toEqual({
      version: 7,
      customerId: 'c1',
      services: [{ id: 's1', price: { amount: 2000, currency: 'EUR' } }],
      startDate: start,
      endDate: end,
      notes: 'Flequillo',
      distinctionId: 'd1',
      reminders: [{ channel: 'REMINDER_CHANNEL_SMS', minutesBefore: 120 }],
    });
  });

  it('names the member only when it changes, and allowOutsideHours only when confirmed', () => {
    expect(updateFromAppointment(appointment, { userId: 'u1' })).not.toHaveProperty('userId');
    expect(updateFromAppointment(appointment, { userId: 'u2', allowOutsideHours: true })).toMatchObject({ userId: 'u2', allowOutsideHours: true });
  });
});
