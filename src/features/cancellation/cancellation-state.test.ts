import { Temporal } from 'temporal-polyfill';
import { describe, expect, it } from 'vitest';
import type { PublicAppointmentSummary } from '@generated/types.gen';
import { cancellationMessages, notCancellableReason, refusalMessage, TOKEN_PATTERN } from './cancellation-state';

const appointment: PublicAppointmentSummary = {
  businessName: 'Peluquería Ana',
  customerName: 'Lucía',
  serviceNames: ['Corte y peinado'],
  startDate: { year: 2026, month: 11, day: 23, hours: 10, minutes: 30 },
  endDate: { year: 2026, month: 11, day: 23, hours: 11, minutes: 15 },
  timeZone: 'Europe/Madrid',
  status: 'APPOINTMENT_STATUS_CONFIRMED',
  cancellable: false,
  reschedulable: false,
};

describe('the cancellation page rules', () => {
  it('explains why there is no cancel button: cancelled, started (in the business time zone), or past the cutoff', () => {
    // 10:30 in Madrid is 09:30 UTC in November.
    const before = Temporal.Instant.from('2026-11-23T09:00:00Z');
    const after = Temporal.Instant.from('2026-11-23T09:31:00Z');
    expect(notCancellableReason(appointment, before)).toBe('cutoff');
    expect(notCancellableReason(appointment, after)).toBe('started');
    expect(notCancellableReason({ ...appointment, status: 'APPOINTMENT_STATUS_CANCELLED' }, before)).toBe('cancelled');
    expect(notCancellableReason({ ...appointment, status: 'APPOINTMENT_STATUS_DONE' }, before)).toBe('other');
  });

  it("follows the server's refusal: a charged appointment, confirmed and hours ahead, is not cancellable online (contact the business)", () => {
    const before = Temporal.Instant.from('2026-11-20T09:00:00Z');
    expect(notCancellableReason({ ...appointment, cancelRefusal: 'not_cancellable' }, before)).toBe('other');
    expect(notCancellableReason({ ...appointment, cancelRefusal: 'cancellation_cutoff' }, before)).toBe('cutoff');
    expect(notCancellableReason({ ...appointment, cancelRefusal: 'appointment_started' }, before)).toBe('started');
    expect(notCancellableReason({ ...appointment, cancelRefusal: 'already_cancelled' }, before)).toBe('cancelled');
  });

  it('translates the server refusals by their code', () => {
    expect(refusalMessage({ status: 404, code: 'invalid_link' })).toBe(cancellationMessages.invalidLink);
    expect(refusalMessage({ status: 404, code: 'link_revoked' })).toBe(cancellationMessages.revokedLink);
    expect(refusalMessage({ status: 409, code: 'cancellation_cutoff' })).toBe(cancellationMessages.cutoff);
    expect(refusalMessage({ status: 409, code: 'already_cancelled' })).toBe(cancellationMessages.alreadyCancelled);
    expect(refusalMessage({ status: 409, code: 'appointment_started' })).toBe(cancellationMessages.started);
    expect(refusalMessage({ status: 429 })).toBe(cancellationMessages.tooManyRequests);
    expect(refusalMessage({ status: 500 })).toBeNull();
    expect(refusalMessage(new TypeError('offline'))).toBeNull();
  });

  it('accepts only tokens of the contract pattern', () => {
    expect(TOKEN_PATTERN.test('A'.repeat(74))).toBe(true);
    expect(TOKEN_PATTERN.test('short')).toBe(false);
    expect(TOKEN_PATTERN.test(`${'A'.repeat(20)}/../x`)).toBe(false);
  });
});
