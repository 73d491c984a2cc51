import { describe, expect, it } from 'vitest';
import { signCancelToken, verifyCancelToken } from './cancel-token.ts';

const secret = 'a-test-secret-that-is-long-enough-0123456789';
const claims = {
  tenantId: '7d1f3b2e-5a6c-4d8e-9f0a-1b2c3d4e5f60',
  appointmentId: '0b7c1d2e-3f40-4a5b-8c6d-7e8f9a0b1c2d',
  startAt: new Date('2026-11-23T09:30:00Z'),
};

describe('cancellation link tokens', () => {
  it('round-trips the appointment, its tenant and its start, within the contract pattern', () => {
    const token = signCancelToken(secret, claims);
    expect(token).toMatch(/^[A-Za-z0-9_-]{16,128}$/);
    expect(verifyCancelToken(secret, token)).toEqual(claims);
  });

  it('refuses a token signed with another secret', () => {
    expect(verifyCancelToken(`${secret}x`, signCancelToken(secret, claims))).toBeNull();
  });

  it('refuses every single-character change', () => {
    const token = signCancelToken(secret, claims);
    for (let i = 0; i < token.length; i++) {
      const changed = token.slice(0, i) + (token[i] === 'A' ? 'B' : 'A') + token.slice(i + 1);
      expect(verifyCancelToken(secret, changed), `position ${i}`).toBeNull();
    }
  });

  it('refuses truncated, extended and malformed tokens', () => {
    const token = signCancelToken(secret, claims);
    expect(verifyCancelToken(secret, token.slice(0, -1))).toBeNull();
    expect(verifyCancelToken(secret, `${token}AA`)).toBeNull();
    expect(verifyCancelToken(secret, 'not a token at all!')).toBeNull();
    expect(verifyCancelToken(secret, '')).toBeNull();
  });

  it('a different start (a moved appointment) makes a different token', () => {
    expect(signCancelToken(secret, { ...claims, startAt: new Date('2026-11-23T10:30:00Z') })).not.toBe(signCancelToken(secret, claims));
  });
});
