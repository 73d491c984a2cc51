import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signCancelToken, verifyCancelToken } from './cancel-token.ts';

const secret = 'a-test-secret-that-is-long-enough-0123456789';
const claims = {
  tenantId: '7d1f3b2e-5a6c-4d8e-9f0a-1b2c3d4e5f60',
  appointmentId: '0b7c1d2e-3f40-4a5b-8c6d-7e8f9a0b1c2d',
  startAt: new Date('2026-11-23T09:30:00Z'),
  linkVersion: 1,
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

  it('a different link version (the appointment went to another customer) makes a different token', () => {
    const token = signCancelToken(secret, { ...claims, linkVersion: 2 });
    expect(token).not.toBe(signCancelToken(secret, claims));
    expect(verifyCancelToken(secret, token)).toEqual({ ...claims, linkVersion: 2 });
  });

  it('still reads a link of the first format (no link version) as link version 1', () => {
    // As the first format was signed: 0xc1 | tenant | appointment | start (6 bytes) | MAC (16 bytes).
    const body = Buffer.alloc(39);
    body[0] = 0xc1;
    Buffer.from(claims.tenantId.replace(/-/g, ''), 'hex').copy(body, 1);
    Buffer.from(claims.appointmentId.replace(/-/g, ''), 'hex').copy(body, 17);
    body.writeUIntBE(claims.startAt.getTime() / 1000, 33, 6);
    const key = createHmac('sha256', secret).update('cita:appointment-cancellation:v1').digest();
    const old = Buffer.concat([body, createHmac('sha256', key).update(body).digest().subarray(0, 16)]).toString('base64url');
    expect(old).toHaveLength(74);
    expect(verifyCancelToken(secret, old)).toEqual(claims);
    // Its purpose byte with the new length (or the reverse) is refused.
    body[0] = 0xc2;
    const mixed = Buffer.concat([body, createHmac('sha256', key).update(body).digest().subarray(0, 16)]).toString('base64url');
    expect(verifyCancelToken(secret, mixed)).toBeNull();
  });
});
