import { Temporal } from 'temporal-polyfill';
import { describe, expect, it } from 'vitest';
import { isUpcoming } from './customer-appointments';

describe('the customer page labels an appointment "upcoming" (issue 18)', () => {
  const now = Temporal.PlainDateTime.from('2026-11-23T10:00');
  const tomorrow = { year: 2026, month: 11, day: 24, hours: 9, minutes: 30 };
  const yesterday = { year: 2026, month: 11, day: 22, hours: 9, minutes: 30 };

  it('when it is still to come and still on', () => {
    expect(isUpcoming({ startDate: tomorrow, status: 'APPOINTMENT_STATUS_CONFIRMED' }, now)).toBe(true);
    expect(isUpcoming({ startDate: tomorrow, status: 'APPOINTMENT_STATUS_PENDING' }, now)).toBe(true);
  });

  it('never when cancelled or rejected, nor when past', () => {
    expect(isUpcoming({ startDate: tomorrow, status: 'APPOINTMENT_STATUS_CANCELLED' }, now)).toBe(false);
    expect(isUpcoming({ startDate: tomorrow, status: 'APPOINTMENT_STATUS_REJECTED' }, now)).toBe(false);
    expect(isUpcoming({ startDate: yesterday, status: 'APPOINTMENT_STATUS_CONFIRMED' }, now)).toBe(false);
  });
});
