import { describe, expect, it } from 'vitest';
import type { Appointment } from '@generated/types.gen';
import { appointmentInputFromForm, bookingFormFromAppointment, bookingFormSchema, endTimeFor, newBookingForm, recurrenceFromForm } from './booking-form-schema';

const customerId = '9a1c3e5b-7d9f-4a1c-8e3b-5d7f9a1c3e5b';
const serviceA = '3b5d7f9a-1c3e-4b5d-af1b-3c5d7e9f1a3c';
const serviceB = '4b5d7f9a-1c3e-4b5d-af1b-3c5d7e9f1a3c';
const userId = '2c4e6a8b-0d1f-4a3c-8e5b-7f9a1c3e5b7d';
const services = [
  { id: serviceA, durationMinutes: 45 },
  { id: serviceB, durationMinutes: 30 },
];

const filled = () => ({
  ...newBookingForm({ start: { year: 2026, month: 11, day: 23, hours: 10, minutes: 30 }, userId }),
  customerId,
  serviceIds: [serviceA, serviceB],
  endTime: '11:45',
});

describe('booking form', () => {
  it('starts at the selected slot, ending 30 minutes later until services are chosen', () => {
    expect(newBookingForm({ start: { year: 2026, month: 11, day: 23, hours: 10, minutes: 30 }, userId })).toMatchObject({ date: '2026-11-23', startTime: '10:30', endTime: '11:00', userId });
  });

  it('adds up the services’ durations for the end', () => {
    expect(endTimeFor('2026-11-23', '10:30', [serviceA, serviceB], services)).toBe('11:45');
    expect(endTimeFor('2026-11-23', '10:30', [], services)).toBeNull();
    expect(endTimeFor('2026-11-23', '23:30', [serviceA], services)).toBe('23:55');
  });

  it('refuses times off the 5-minute grid, an end before the start, no customer and no service', () => {
    expect(bookingFormSchema.safeParse(filled()).success).toBe(true);
    const issues = (values: object) => bookingFormSchema.safeParse(values).error?.issues.map((issue) => issue.path.join('.')) ?? [];
    expect(issues({ ...filled(), startTime: '10:32' })).toContain('startTime');
    expect(issues({ ...filled(), endTime: '10:00' })).toContain('endTime');
    expect(issues({ ...filled(), customerId: '' })).toContain('customerId');
    expect(issues({ ...filled(), serviceIds: [] })).toContain('serviceIds');
    expect(issues({ ...filled(), repeat: true, endKind: 'until', until: '2026-11-01' })).toContain('until');
  });

  it('builds the create body and a weekly recurrence of 4', () => {
    const values = bookingFormSchema.parse({ ...filled(), notes: ' Flequillo ', repeat: true, count: 4 });
    expect(appointmentInputFromForm(values)).toEqual({
      userId,
      customerId,
      services: [{ id: serviceA }, { id: serviceB }],
      startDate: { year: 2026, month: 11, day: 23, hours: 10, minutes: 30 },
      endDate: { year: 2026, month: 11, day: 23, hours: 11, minutes: 45 },
      notes: 'Flequillo',
      reminders: [],
    });
    expect(recurrenceFromForm(values)).toEqual({ frequency: 'RECURRENCE_FREQUENCY_WEEKLY', interval: 1, count: 4 });
    expect(recurrenceFromForm({ ...values, repeat: false })).toBeUndefined();
  });

  it('opens a booked appointment for editing with what it holds, and saves it back unchanged', () => {
    const appointment = {
      userId,
      customer: { id: customerId, name: 'Lucía', lastName: 'García' },
      services: [{ id: serviceA }, { id: serviceB }],
      startDate: { year: 2026, month: 11, day: 23, hours: 10, minutes: 30 },
      endDate: { year: 2026, month: 11, day: 23, hours: 11, minutes: 45 },
      notes: 'Flequillo',
      reminders: [{ channel: 'REMINDER_CHANNEL_SMS', minutesBefore: 120 }],
    } as unknown as Appointment;
    const form = bookingFormFromAppointment(appointment);
    expect(form).toMatchObject({ customerLabel: 'Lucía García', date: '2026-11-23', startTime: '10:30', endTime: '11:45', distinctionId: '', repeat: false });
    expect(appointmentInputFromForm(bookingFormSchema.parse(form))).toEqual({
      userId,
      customerId,
      services: [{ id: serviceA }, { id: serviceB }],
      startDate: appointment.startDate,
      endDate: appointment.endDate,
      notes: 'Flequillo',
      reminders: [{ channel: 'REMINDER_CHANNEL_SMS', minutesBefore: 120 }],
    });
  });
});
