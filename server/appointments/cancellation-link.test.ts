import { describe, expect, it } from 'vitest';
import { cancellationLinkStatus } from './cancellation-link.ts';

const now = Date.parse('2026-11-20T10:00:00Z');
const future = new Date('2026-11-23T09:30:00Z');
const past = new Date('2026-11-19T09:30:00Z');

describe('cancellation link status', () => {
  it('follows the appointment: none before an e-mail, active, used, revoked, expired', () => {
    const live = { status: 'APPOINTMENT_STATUS_CONFIRMED', startAt: future, cancelledBy: null };
    expect(cancellationLinkStatus(live, false, now)).toBe('CANCELLATION_LINK_STATUS_NONE');
    expect(cancellationLinkStatus(live, true, now)).toBe('CANCELLATION_LINK_STATUS_ACTIVE');
    expect(cancellationLinkStatus({ ...live, startAt: past }, true, now)).toBe('CANCELLATION_LINK_STATUS_EXPIRED');
    expect(cancellationLinkStatus({ ...live, status: 'APPOINTMENT_STATUS_CANCELLED', cancelledBy: 'CANCELLED_BY_CUSTOMER' }, true, now)).toBe('CANCELLATION_LINK_STATUS_USED');
    expect(cancellationLinkStatus({ ...live, status: 'APPOINTMENT_STATUS_CANCELLED', cancelledBy: 'CANCELLED_BY_BUSINESS' }, true, now)).toBe('CANCELLATION_LINK_STATUS_REVOKED');
    expect(cancellationLinkStatus({ ...live, status: 'APPOINTMENT_STATUS_REJECTED' }, true, now)).toBe('CANCELLATION_LINK_STATUS_REVOKED');
    expect(cancellationLinkStatus({ ...live, status: 'APPOINTMENT_STATUS_DONE' }, true, now)).toBe('CANCELLATION_LINK_STATUS_EXPIRED');
  });
});
