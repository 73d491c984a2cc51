import { describe, expect, it } from 'vitest';
import { e164, reminderChannels } from './phone.ts';

describe('phone reminders', () => {
  it('writes the number the business typed in E.164, without a national trunk 0 (kept in Italy)', () => {
    expect(e164('+34', '612345678')).toBe('+34612345678');
    expect(e164('+34', '612 34 56 78')).toBe('+34612345678');
    expect(e164('+44', '07700900123')).toBe('+447700900123');
    expect(e164('+1', '(212) 555-0123')).toBe('+12125550123');
    expect(e164('+39', '0612345678')).toBe('+390612345678');
  });

  it('has no number without a dial code, without digits, or with too few or too many', () => {
    expect(e164(null, '612345678')).toBeNull();
    expect(e164('+34', null)).toBeNull();
    expect(e164('+34', '1234')).toBeNull();
    expect(e164('+34', '1234567890123456')).toBeNull();
  });

  it('names the channels a server sends: e-mail always, SMS and WhatsApp with their provider', () => {
    expect(reminderChannels({})).toEqual(['REMINDER_CHANNEL_EMAIL']);
    expect(reminderChannels({ whatsapp: { token: 't', phoneNumberId: '1', template: 'x', apiVersion: '21.0', baseUrl: 'http://x' } })).toEqual([
      'REMINDER_CHANNEL_EMAIL',
      'REMINDER_CHANNEL_WHATSAPP',
    ]);
  });
});
