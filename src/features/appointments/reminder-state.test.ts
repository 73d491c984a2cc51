import { Temporal } from 'temporal-polyfill';
import { describe, expect, it } from 'vitest';
import type { AppointmentReminder } from '@generated/types.gen';
import { isUnsupported, reminderState } from './reminder-state';

// A reminder due 2026-11-26 10:00 UTC, in each status the server answers.
const DUE = '2026-11-26T10:00:00Z';
const reminder = (status: AppointmentReminder['status'], extra: Partial<AppointmentReminder> = {}): AppointmentReminder => ({
  channel: 'REMINDER_CHANNEL_SMS',
  minutesBefore: 60,
  sent: status === 'REMINDER_STATUS_SENT',
  status,
  dueAt: DUE,
  ...extra,
});
const at = (text: string) => Temporal.Instant.from(text);

describe('reminderState: the server’s status, as the card’s cases (nothing inferred)', () => {
  it('scheduled and being sent carry the due moment the server answered', () => {
    expect(reminderState(reminder('REMINDER_STATUS_SCHEDULED'))).toEqual({ kind: 'scheduled', due: at(DUE) });
    expect(reminderState(reminder('REMINDER_STATUS_SENDING', { lastAttemptAt: '2026-11-26T10:00:03Z' }))).toEqual({ kind: 'sending', due: at(DUE) });
  });

  it('is sent at the time the server recorded', () => {
    expect(reminderState(reminder('REMINDER_STATUS_SENT', { sentAt: '2026-11-26T10:00:04Z' }))).toEqual({ kind: 'sent', at: at('2026-11-26T10:00:04Z') });
  });

  it('is retried at the next attempt the server set, and failed for good with whether the provider refused it', () => {
    const retrying = reminder('REMINDER_STATUS_RETRYING', { failureReason: 'provider_unavailable', lastAttemptAt: '2026-11-26T10:00:03Z', nextAttemptAt: '2026-11-26T10:00:33Z' });
    expect(reminderState(retrying)).toEqual({ kind: 'retrying', due: at(DUE), next: at('2026-11-26T10:00:33Z') });
    expect(reminderState(reminder('REMINDER_STATUS_FAILED', { failureReason: 'provider_rejected' }))).toEqual({ kind: 'failed', due: at(DUE), rejected: true });
    expect(reminderState(reminder('REMINDER_STATUS_FAILED', { failureReason: 'provider_unavailable' }))).toEqual({ kind: 'failed', due: at(DUE), rejected: false });
  });

  it('a skipped reminder says why: no provider, no contact, too late', () => {
    const unsupported = reminder('REMINDER_STATUS_SKIPPED', { failureReason: 'unsupported_channel' });
    expect(reminderState(unsupported)).toEqual({ kind: 'unsupported' });
    expect(isUnsupported(unsupported)).toBe(true);
    expect(reminderState(reminder('REMINDER_STATUS_SKIPPED', { failureReason: 'no_recipient' }))).toEqual({ kind: 'no_recipient' });
    expect(reminderState(reminder('REMINDER_STATUS_SKIPPED', { failureReason: 'too_late' }))).toEqual({ kind: 'too_late', due: at(DUE) });
  });

  it('is cancelled with its appointment; only a reminder skipped for want of a provider is offered by hand', () => {
    expect(reminderState(reminder('REMINDER_STATUS_CANCELLED'))).toEqual({ kind: 'cancelled' });
    for (const status of ['REMINDER_STATUS_SCHEDULED', 'REMINDER_STATUS_FAILED', 'REMINDER_STATUS_CANCELLED'] as const) {
      expect(isUnsupported(reminder(status))).toBe(false);
    }
    expect(isUnsupported(reminder('REMINDER_STATUS_SKIPPED', { failureReason: 'no_recipient' }))).toBe(false);
  });
});
