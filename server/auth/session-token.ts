// Cita's own session tokens, issued after the Firebase ID token is verified. The client holds the
// token; the database holds only its SHA-256, so a leaked table cannot be replayed.
//
// Lookups go by hash (`where token_hash = $1`), never by comparing a secret in memory, so no
// constant-time comparison is needed: timing reveals nothing about a preimage of SHA-256.
import { createHash, randomBytes } from 'node:crypto';

export const SESSION_TOKEN_BYTES = 32;
export const SESSION_TTL_SECONDS = 30 * 24 * 60 * 60;
const TOKEN_FORMAT = /^[A-Za-z0-9_-]{43}$/; // 32 bytes in unpadded base64url

export interface NewSessionToken {
  /** Give to the client once; never store or log it. */
  token: string;
  /** Store this: sha256 of the token, 64 lower-case hex digits. */
  hash: string;
}

export function newSessionToken(): NewSessionToken {
  const token = randomBytes(SESSION_TOKEN_BYTES).toString('base64url');
  return { token, hash: hashSessionToken(token) };
}

export function hashSessionToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** True when the string can be a session token: reject anything else before touching the database. */
export function isWellFormedSessionToken(token: unknown): token is string {
  return typeof token === 'string' && TOKEN_FORMAT.test(token);
}

/** When a session issued at `now` expires. */
export function sessionExpiry(now: Date = new Date()): Date {
  return new Date(now.getTime() + SESSION_TTL_SECONDS * 1000);
}
