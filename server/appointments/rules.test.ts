import { Temporal } from 'temporal-polyfill';
import { describe, expect, it } from 'vitest';
import { HttpProblem } from '../problem.ts';
import {
  allowedStatuses,
  assertCalendarAccess,
  cancellationRefusal,
  checkCalendarRange,
  checkLink,
  checkNewStatus,
  checkRealTiming,
  checkTimes,
  reminderWithStatus,
  type ReminderOutboxRow,
  checkTransition,
  customerSnapshotOf,
  defaultRemindersFor,
  expandOrFail,
  onlyUserOf,
  overlaps,
  resolveSlot,
  serviceLinesOf,
  type LinkedAppointment,
} from './rules.ts';

const at = (year: number, month: number, day: number, hours: number, minutes: number) => ({ year, month, day, hours, minutes });

/** The problem `fn` throws: status, code and the first field error's pointer and code. */
function refusal(fn: () => unknown) {
  try {
    fn();
  } catch (error) {
    if (!(error instanceof HttpProblem)) throw error;
    return { status: error.status, code: error.code, field: error.errors?.[0]?.field, fieldCode: error.errors?.[0]?.code };
  }
  throw new Error('nothing was thrown');
}

describe('appointment status machine', () => {
  it('follows the contract’s transition table', () => {
    expect(checkTransition('APPOINTMENT_STATUS_PENDING', 'APPOINTMENT_STATUS_CONFIRMED', 'TEAM_ROLE_MEMBER', false)).toBe('ok');
    expect(checkTransition('APPOINTMENT_STATUS_CONFIRMED', 'APPOINTMENT_STATUS_REJECTED', 'TEAM_ROLE_OWNER', true)).toBe('invalid_transition');
    expect(checkTransition('APPOINTMENT_STATUS_DONE', 'APPOINTMENT_STATUS_CANCELLED', 'TEAM_ROLE_OWNER', true)).toBe('invalid_transition');
  });

  it('lets only owners and administrators reopen, and marks done or no-show only once started', () => {
    expect(checkTransition('APPOINTMENT_STATUS_CANCELLED', 'APPOINTMENT_STATUS_PENDING', 'TEAM_ROLE_MEMBER', false)).toBe('forbidden');
    expect(checkTransition('APPOINTMENT_STATUS_CANCELLED', 'APPOINTMENT_STATUS_PENDING', 'TEAM_ROLE_ADMIN', false)).toBe('ok');
    expect(checkTransition('APPOINTMENT_STATUS_CONFIRMED', 'APPOINTMENT_STATUS_DONE', 'TEAM_ROLE_OWNER', false)).toBe('not_started');
    expect(checkTransition('APPOINTMENT_STATUS_CONFIRMED', 'APPOINTMENT_STATUS_NO_SHOW', 'TEAM_ROLE_MEMBER', true)).toBe('ok');
  });

  it('lists the statuses the caller may move to', () => {
    expect(allowedStatuses('APPOINTMENT_STATUS_CONFIRMED', 'TEAM_ROLE_MEMBER', false)).toEqual(['APPOINTMENT_STATUS_PENDING', 'APPOINTMENT_STATUS_CANCELLED']);
    expect(allowedStatuses('APPOINTMENT_STATUS_DONE', 'TEAM_ROLE_MEMBER', true)).toEqual([]);
    expect(allowedStatuses('APPOINTMENT_STATUS_DONE', 'TEAM_ROLE_OWNER', true)).toEqual(['APPOINTMENT_STATUS_PENDING', 'APPOINTMENT_STATUS_CONFIRMED']);
  });

  it('a new appointment is pending or confirmed', () => {
    expect(() => checkNewStatus(undefined, '/appointment')).not.toThrow();
    expect(() => checkNewStatus('APPOINTMENT_STATUS_CONFIRMED', '/appointment')).not.toThrow();
    expect(refusal(() => checkNewStatus('APPOINTMENT_STATUS_DONE', '/appointment'))).toMatchObject({ status: 422, field: '/appointment/status', fieldCode: 'invalid_status' });
  });
});

describe('calendar access', () => {
  const shared = { membersSeeTeamCalendars: true };
  const private_ = { membersSeeTeamCalendars: false };

  it('managers anyone’s; members their own, and a teammate’s for reading only when calendars are shared', () => {
    expect(() => assertCalendarAccess('TEAM_ROLE_ADMIN', 'me', 'other', 'write', private_)).not.toThrow();
    expect(() => assertCalendarAccess('TEAM_ROLE_MEMBER', 'me', 'me', 'write', private_)).not.toThrow();
    expect(() => assertCalendarAccess('TEAM_ROLE_MEMBER', 'me', 'other', 'read', shared)).not.toThrow();
    expect(refusal(() => assertCalendarAccess('TEAM_ROLE_MEMBER', 'me', 'other', 'read', private_)).status).toBe(403);
    expect(refusal(() => assertCalendarAccess('TEAM_ROLE_MEMBER', 'me', 'other', 'write', shared)).status).toBe(403);
  });

  it('lists that cross calendars are narrowed to the member’s own exactly when the calendar would refuse', () => {
    expect(onlyUserOf('TEAM_ROLE_OWNER', 'me', private_)).toBeNull();
    expect(onlyUserOf('TEAM_ROLE_MEMBER', 'me', shared)).toBeNull();
    expect(onlyUserOf('TEAM_ROLE_MEMBER', 'me', private_)).toBe('me');
  });
});

describe('appointment input', () => {
  it('checks times: real dates, 5-minute steps, end after start, at most 24 hours', () => {
    const ok = checkTimes(at(2027, 3, 1, 10, 0), at(2027, 3, 1, 10, 45), '/appointment');
    expect(ok.start.toString()).toBe('2027-03-01T10:00:00');
    expect(refusal(() => checkTimes(at(2027, 2, 30, 10, 0), at(2027, 3, 1, 10, 45), '/appointment'))).toMatchObject({ field: '/appointment/startDate', fieldCode: 'invalid_date' });
    expect(refusal(() => checkTimes(at(2027, 3, 1, 10, 2), at(2027, 3, 1, 10, 45), '/appointment'))).toMatchObject({ field: '/appointment/startDate/minutes', fieldCode: 'not_on_step' });
    expect(refusal(() => checkTimes(at(2027, 3, 1, 10, 0), at(2027, 3, 1, 10, 0), '/appointment'))).toMatchObject({ field: '/appointment/endDate', fieldCode: 'end_before_start' });
    expect(refusal(() => checkTimes(at(2027, 3, 1, 10, 0), at(2027, 3, 2, 10, 5), '/appointment'))).toMatchObject({ fieldCode: 'too_long' });
    expect(() => checkTimes(at(2027, 3, 1, 10, 0), at(2027, 3, 2, 10, 0), '/appointment')).not.toThrow();
  });

  it('checks the calendar range (at most 42 days) and the real timing (any minute)', () => {
    expect(() => checkCalendarRange(at(2027, 3, 1, 0, 0), at(2027, 4, 12, 0, 0))).not.toThrow();
    expect(refusal(() => checkCalendarRange(at(2027, 3, 1, 0, 0), at(2027, 4, 12, 0, 5)))).toMatchObject({ field: '/endDate', fieldCode: 'range_too_long' });
    expect(() => checkRealTiming(at(2027, 3, 1, 10, 3), at(2027, 3, 1, 10, 47))).not.toThrow();
    expect(refusal(() => checkRealTiming(at(2027, 3, 1, 10, 3), at(2027, 3, 1, 10, 3)))).toMatchObject({ field: '/realEndDate', fieldCode: 'end_before_start' });
  });

  it('snapshots the customer (a phone prefix only with a number)', () => {
    const customer = { id: 'c', name: 'Ana', last_name: null, phone_country_code: '+34', phone_number: null, email: 'ana@example.com', preferred_reminder_channel: null, reminders_enabled: true };
    expect(customerSnapshotOf(customer)).toEqual({ id: 'c', name: 'Ana', email: 'ana@example.com' });
    expect(customerSnapshotOf({ ...customer, phone_number: '600000000' })).toMatchObject({ phoneCountryCode: '+34', phoneNumber: '600000000' });
  });

  it('makes service lines: usable services, prices in the business currency and within the bound; booked lines keep their name and price', () => {
    const catalogue = [
      { id: 's1', name: 'Corte', duration_minutes: 45, price_amount: '2500', price_currency: 'EUR', usable: true },
      { id: 's2', name: 'Tinte', duration_minutes: 60, price_amount: 4000, price_currency: 'EUR', usable: false },
    ];
    expect(serviceLinesOf({ services: [{ id: 's1' }] }, catalogue, 'EUR', '/appointment')).toEqual({
      services: [{ id: 's1', name: 'Corte', durationMinutes: 45, amount: 2500, currency: 'EUR' }],
      total: 2500,
    });
    expect(serviceLinesOf({ services: [{ id: 's1', price: { amount: 1000, currency: 'EUR' } }] }, catalogue, 'EUR', '/appointment').total).toBe(1000);
    expect(refusal(() => serviceLinesOf({ services: [{ id: 's2' }] }, catalogue, 'EUR', '/appointment'))).toMatchObject({ field: '/appointment/services/0/id', fieldCode: 'unknown_service' });
    const booked = [{ id: 's2', name: 'Tinte (old)', durationMinutes: 50, amount: 3000, currency: 'EUR' }];
    expect(serviceLinesOf({ services: [{ id: 's2' }] }, catalogue, 'EUR', '/appointment', booked).services).toEqual(booked);
    expect(refusal(() => serviceLinesOf({ services: [{ id: 's1', price: { amount: 1, currency: 'USD' } }] }, catalogue, 'EUR', '/appointment'))).toMatchObject({
      field: '/appointment/services/0/price/currency',
      fieldCode: 'currency_mismatch',
    });
    const big = { amount: 10 ** 12, currency: 'EUR' };
    expect(refusal(() => serviceLinesOf({ services: [{ id: 's1', price: big }, { id: 's1', price: big }] }, catalogue, 'EUR', '/appointment'))).toMatchObject({
      field: '/appointment/services',
    });
  });

  it('defaults reminders to the business’s, on the customer’s channel, none when opted out or unreachable', () => {
    const defaults = [
      { channel: 'REMINDER_CHANNEL_EMAIL', minutesBefore: 1440 },
      { channel: 'REMINDER_CHANNEL_SMS', minutesBefore: 1440 },
    ] as Parameters<typeof defaultRemindersFor>[0];
    const base = { preferred_reminder_channel: null, email: 'a@example.com', reminders_enabled: true };
    expect(defaultRemindersFor(defaults, base)).toEqual([
      { channel: 'REMINDER_CHANNEL_EMAIL', minutesBefore: 1440 },
      { channel: 'REMINDER_CHANNEL_SMS', minutesBefore: 1440 },
    ]);
    expect(defaultRemindersFor(defaults, { ...base, preferred_reminder_channel: 'REMINDER_CHANNEL_EMAIL' })).toEqual([{ channel: 'REMINDER_CHANNEL_EMAIL', minutesBefore: 1440 }]);
    expect(defaultRemindersFor(defaults, { ...base, reminders_enabled: false })).toEqual([]);
    expect(defaultRemindersFor(defaults, { ...base, email: null })).toEqual([]);
  });
});

describe('slots and series', () => {
  it('resolves wall-clock times in the business zone and tells overlaps', () => {
    const slot = resolveSlot(Temporal.PlainDateTime.from('2027-03-01T10:00'), Temporal.PlainDateTime.from('2027-03-01T10:45'), 'Europe/Madrid');
    expect(slot.startAt.toString()).toBe('2027-03-01T09:00:00Z');
    const ms = (iso: string) => Date.parse(iso);
    expect(overlaps({ startAt: ms('2027-03-01T09:30:00Z'), endAt: ms('2027-03-01T10:00:00Z') }, slot)).toBe(true);
    expect(overlaps({ startAt: ms('2027-03-01T09:45:00Z'), endAt: ms('2027-03-01T10:00:00Z') }, slot)).toBe(false);
    expect(overlaps({ startAt: ms('2027-03-01T08:00:00Z'), endAt: ms('2027-03-01T09:00:00Z') }, slot)).toBe(false);
  });

  it('expands a series or refuses its rule with 422 on the rule’s field', () => {
    const start = Temporal.PlainDateTime.from('2027-03-01T10:00');
    const end = Temporal.PlainDateTime.from('2027-03-01T10:45');
    const weekly = expandOrFail(start, end, { frequency: 'RECURRENCE_FREQUENCY_WEEKLY', count: 3 });
    expect(weekly.map((o) => o.start.toString())).toEqual(['2027-03-01T10:00:00', '2027-03-08T10:00:00', '2027-03-15T10:00:00']);
    expect(refusal(() => expandOrFail(start, end, { frequency: 'RECURRENCE_FREQUENCY_WEEKLY', until: '2027-02-01' }))).toMatchObject({
      status: 422,
      field: '/recurrence/until',
      fieldCode: 'until_before_start',
    });
  });
});

describe('the cancellation link', () => {
  const start = new Date('2027-03-01T09:00:00Z');
  const row: LinkedAppointment = { status: 'APPOINTMENT_STATUS_CONFIRMED', start_at: start, cancelled_by: null, link_version: 2, cutoff: 120 };

  it('names the appointment only for its start and its current customer (link version)', () => {
    expect(() => checkLink(row, { startAt: start, linkVersion: 2 })).not.toThrow();
    expect(refusal(() => checkLink(row, { startAt: start, linkVersion: 1 }))).toMatchObject({ status: 404, code: 'invalid_link' });
    expect(refusal(() => checkLink(row, { startAt: new Date('2027-03-02T09:00:00Z'), linkVersion: 2 }))).toMatchObject({ status: 404, code: 'link_revoked' });
    expect(refusal(() => checkLink(undefined, { startAt: start, linkVersion: 1 }))).toMatchObject({ code: 'link_revoked' });
    expect(refusal(() => checkLink({ ...row, status: 'APPOINTMENT_STATUS_CANCELLED', cancelled_by: 'CANCELLED_BY_BUSINESS' }, { startAt: start, linkVersion: 2 }))).toMatchObject({
      code: 'link_revoked',
    });
    expect(() => checkLink({ ...row, status: 'APPOINTMENT_STATUS_CANCELLED', cancelled_by: 'CANCELLED_BY_CUSTOMER' }, { startAt: start, linkVersion: 2 })).not.toThrow();
  });

  it('cancels online only while live, before the start and the business’s cutoff', () => {
    const now = start.getTime() - 3 * 3_600_000;
    expect(cancellationRefusal(row, now)).toBeNull();
    expect(cancellationRefusal(row, start.getTime() - 60 * 60_000)?.code).toBe('cancellation_cutoff');
    expect(cancellationRefusal(row, start.getTime())?.code).toBe('appointment_started');
    expect(cancellationRefusal({ ...row, status: 'APPOINTMENT_STATUS_CANCELLED' }, now)?.code).toBe('already_cancelled');
    expect(cancellationRefusal({ ...row, status: 'APPOINTMENT_STATUS_DONE' }, now)?.code).toBe('not_cancellable');
  });
});

describe('reminderWithStatus: what became of a reminder, from its outbox row', () => {
  const startAt = Date.parse('2027-11-23T09:30:00Z');
  const reminder = { channel: 'REMINDER_CHANNEL_SMS', minutesBefore: 60 } as const;
  const due = '2027-11-23T08:30:00.000Z';
  const all = ['REMINDER_CHANNEL_EMAIL', 'REMINDER_CHANNEL_SMS', 'REMINDER_CHANNEL_WHATSAPP'];
  const row: ReminderOutboxRow = {
    channel: 'REMINDER_CHANNEL_SMS',
    minutesBefore: 60,
    status: 'pending',
    attempts: 0,
    leased: false,
    sentAt: null,
    nextAttemptAt: due,
    updatedAt: '2027-11-01T10:00:00Z',
    reason: null,
    failureCode: null,
  };
  const live = { live: true, startAt };
  const before = Date.parse(due) - 1000;
  const after = Date.parse(due) + 1000;
  const status = (r: Partial<ReminderOutboxRow>, now = before, channels = all) => reminderWithStatus(reminder, { ...row, ...r }, live, channels, now);

  it('a pending row: scheduled until due, then sending; held by a worker, sending; after a failed attempt, retrying', () => {
    expect(status({})).toEqual({ channel: 'REMINDER_CHANNEL_SMS', minutesBefore: 60, dueAt: due, sent: false, status: 'REMINDER_STATUS_SCHEDULED' });
    expect(status({}, after).status).toBe('REMINDER_STATUS_SENDING');
    expect(status({ leased: true, attempts: 1, updatedAt: '2027-11-23T08:30:01Z' }, after)).toMatchObject({ status: 'REMINDER_STATUS_SENDING', lastAttemptAt: '2027-11-23T08:30:01.000Z' });
    expect(status({ attempts: 1, failureCode: 'provider_unavailable', updatedAt: '2027-11-23T08:30:01Z', nextAttemptAt: '2027-11-23T08:30:31Z' }, after)).toMatchObject({
      status: 'REMINDER_STATUS_RETRYING',
      failureReason: 'provider_unavailable',
      lastAttemptAt: '2027-11-23T08:30:01.000Z',
      nextAttemptAt: '2027-11-23T08:30:31.000Z',
    });
  });

  it('on a server without a provider for its channel, a pending reminder is said skipped as unsupported_channel (as the worker will)', () => {
    expect(status({}, before, ['REMINDER_CHANNEL_EMAIL'])).toMatchObject({ status: 'REMINDER_STATUS_SKIPPED', failureReason: 'unsupported_channel' });
  });

  it('sent, failed with the failure code, skipped with its reason, dropped as cancelled (or too late when the appointment had started)', () => {
    expect(status({ status: 'sent', sentAt: '2027-11-23T08:30:02Z' }, after)).toMatchObject({ status: 'REMINDER_STATUS_SENT', sent: true, sentAt: '2027-11-23T08:30:02.000Z' });
    expect(status({ status: 'failed', attempts: 1, failureCode: 'provider_rejected' }, after)).toMatchObject({ status: 'REMINDER_STATUS_FAILED', failureReason: 'provider_rejected', sent: false });
    expect(status({ status: 'failed', attempts: 8, failureCode: null }, after)).toMatchObject({ status: 'REMINDER_STATUS_FAILED', failureReason: 'provider_unavailable' });
    for (const reason of ['no_recipient', 'unsupported_channel', 'too_late']) {
      expect(status({ status: 'skipped', reason })).toMatchObject({ status: 'REMINDER_STATUS_SKIPPED', failureReason: reason });
    }
    expect(status({ status: 'dropped' })).toMatchObject({ status: 'REMINDER_STATUS_CANCELLED', sent: false });
    expect(status({ status: 'dropped', reason: 'appointment_started' })).toMatchObject({ status: 'REMINDER_STATUS_SKIPPED', failureReason: 'too_late' });
  });

  it('without a row: cancelled when the appointment is not live', () => {
    expect(reminderWithStatus(reminder, undefined, { live: false, startAt }, all, before).status).toBe('REMINDER_STATUS_CANCELLED');
    expect(reminderWithStatus(reminder, undefined, live, all, before).status).toBe('REMINDER_STATUS_SCHEDULED');
  });
});
