import { Temporal } from 'temporal-polyfill';
import { describe, expect, it } from 'vitest';
import type { Appointment, AppointmentReminder, ReminderChannel } from '@generated/types.gen';
import { reminderState } from './reminder-state';

// Starts 2026-11-26 12:00 in Madrid (11:00 UTC); booked 2026-11-20.
const appointment = {
  status: 'APPOINTMENT_STATUS_CONFIRMED',
  startAt: '2026-11-26T12:00:00+01:00',
  createdAt: '2026-11-20T09:00:00Z',
  customer: { id: 'c', name: 'Ana', email: 'ana@example.com', phoneCountryCode: '+34', phoneNumber: '612345678' },
} as Pick<Appointment, 'status' | 'startAt' | 'createdAt' | 'customer'>;

const EMAIL_ONLY: ReminderChannel[] = ['REMINDER_CHANNEL_EMAIL'];
const ALL: ReminderChannel[] = ['REMINDER_CHANNEL_EMAIL', 'REMINDER_CHANNEL_SMS', 'REMINDER_CHANNEL_WHATSAPP'];
const email = (minutesBefore: number): AppointmentReminder => ({ channel: 'REMINDER_CHANNEL_EMAIL', minutesBefore, sent: false });
const at = (text: string) => Temporal.Instant.from(text);

describe('reminderState', () => {
  it('is sent, at the time the server recorded', () => {
    const state = reminderState(appointment, { ...email(1440), sent: true, sentAt: '2026-11-25T11:00:04Z' }, EMAIL_ONLY, at('2026-11-26T09:00:00Z'));
    expect(state).toEqual({ kind: 'sent', at: at('2026-11-25T11:00:04Z') });
  });

  it('is pending before its moment (start minus minutesBefore), being sent just after, and failed once the worker had time', () => {
    // 60 minutes before 11:00 UTC: due 10:00 UTC.
    expect(reminderState(appointment, email(60), EMAIL_ONLY, at('2026-11-26T09:59:00Z'))).toEqual({ kind: 'pending', due: at('2026-11-26T10:00:00Z') });
    expect(reminderState(appointment, email(60), EMAIL_ONLY, at('2026-11-26T10:04:00Z')).kind).toBe('sending');
    expect(reminderState(appointment, email(60), EMAIL_ONLY, at('2026-11-26T10:05:00Z'))).toEqual({ kind: 'failed', due: at('2026-11-26T10:00:00Z') });
  });

  it('was too late when the appointment was booked after its moment', () => {
    const late = { ...appointment, createdAt: '2026-11-26T08:30:00Z' };
    // 180 minutes before 11:00 UTC is 08:00 UTC, before the booking; 60 minutes before is still ahead.
    expect(reminderState(late, email(180), EMAIL_ONLY, at('2026-11-26T08:31:00Z'))).toEqual({ kind: 'too_late', due: at('2026-11-26T08:00:00Z') });
    expect(reminderState(late, email(60), EMAIL_ONLY, at('2026-11-26T08:31:00Z')).kind).toBe('pending');
  });

  it('is not supported on a channel this server does not send, and needs the contact its channel uses', () => {
    const sms: AppointmentReminder = { channel: 'REMINDER_CHANNEL_SMS', minutesBefore: 60, sent: false };
    const now = at('2026-11-26T09:00:00Z');
    expect(reminderState(appointment, sms, EMAIL_ONLY, now).kind).toBe('unsupported');
    expect(reminderState(appointment, sms, ALL, now).kind).toBe('pending');
    const noPhone = { ...appointment, customer: { ...appointment.customer, phoneNumber: undefined } };
    expect(reminderState(noPhone, sms, ALL, now).kind).toBe('no_recipient');
    expect(reminderState(noPhone, email(60), ALL, now).kind).toBe('pending');
    const noEmail = { ...appointment, customer: { ...appointment.customer, email: undefined } };
    expect(reminderState(noEmail, email(60), ALL, now).kind).toBe('no_recipient');
  });

  it('will not leave once the appointment is cancelled, but a sent one stays sent', () => {
    const cancelled = { ...appointment, status: 'APPOINTMENT_STATUS_CANCELLED' } as typeof appointment;
    expect(reminderState(cancelled, email(60), EMAIL_ONLY, at('2026-11-26T09:00:00Z')).kind).toBe('dropped');
    expect(reminderState(cancelled, { ...email(1440), sent: true, sentAt: '2026-11-25T11:00:00Z' }, EMAIL_ONLY, at('2026-11-26T09:00:00Z')).kind).toBe('sent');
  });
});
