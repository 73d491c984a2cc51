import { describe, expect, it } from 'vitest';
import { isAdminEmail, parseAdminEmails } from './admins.ts';

describe('admin e-mails', () => {
  it('parses a comma-separated list, trimmed and lower-cased', () => {
    const admins = parseAdminEmails(' Owner@Cita.example , ops@cita.example,,');
    expect([...admins].sort()).toEqual(['ops@cita.example', 'owner@cita.example']);
    expect(isAdminEmail(admins, 'OWNER@cita.example')).toBe(true);
    expect(isAdminEmail(admins, 'ops@cita.example')).toBe(true);
  });

  it('grants nobody else, and nobody when unset', () => {
    const admins = parseAdminEmails('owner@cita.example');
    for (const email of ['owner@cita.example.evil', 'other@cita.example', '', null, undefined]) {
      expect(isAdminEmail(admins, email)).toBe(false);
    }
    expect(parseAdminEmails(undefined).size).toBe(0);
    expect(isAdminEmail(parseAdminEmails(''), 'owner@cita.example')).toBe(false);
  });

  it('rejects an entry that is not an e-mail address', () => {
    expect(() => parseAdminEmails('owner@cita.example; ops@cita.example')).toThrow(/not an e-mail/);
    expect(() => parseAdminEmails('owner')).toThrow(/"owner"/);
  });
});
