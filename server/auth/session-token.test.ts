import { describe, expect, it } from 'vitest';
import {
  hashSessionToken,
  isWellFormedSessionToken,
  newSessionToken,
  SESSION_TTL_SECONDS,
  sessionExpiry,
} from './session-token.ts';

describe('session tokens', () => {
  it('are unique, 32 random bytes in base64url, with only their SHA-256 to store', () => {
    const tokens = Array.from({ length: 1000 }, () => newSessionToken());
    expect(new Set(tokens.map(({ token }) => token)).size).toBe(1000);
    expect(new Set(tokens.map(({ hash }) => hash)).size).toBe(1000);
    for (const { token, hash } of tokens.slice(0, 20)) {
      expect(Buffer.from(token, 'base64url')).toHaveLength(32);
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(hash).toMatch(/^[0-9a-f]{64}$/);
      expect(hash).not.toContain(token);
    }
  });

  it('hash deterministically, so a presented token finds its stored hash', () => {
    const { token, hash } = newSessionToken();
    expect(hashSessionToken(token)).toBe(hash);
    expect(hashSessionToken(`${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`)).not.toBe(hash);
  });

  it('tell a possible token from garbage before any lookup', () => {
    expect(isWellFormedSessionToken(newSessionToken().token)).toBe(true);
    for (const bad of ['', 'abc', `${newSessionToken().token}x`, `${newSessionToken().token.slice(1)}=`, 42, null]) {
      expect(isWellFormedSessionToken(bad)).toBe(false);
    }
  });

  it('expire 30 days after issue', () => {
    expect(SESSION_TTL_SECONDS).toBe(2_592_000);
    const issued = new Date('2026-03-28T12:00:00Z');
    expect(sessionExpiry(issued).toISOString()).toBe('2026-04-27T12:00:00.000Z');
  });
});
