import { describe, expect, it } from 'vitest';
import { AUTH_ERROR_CODES, authErrorKey, authErrorMessage, authErrorMessages, firebaseErrorCode, shouldSignOut } from './auth-errors';

// SPEC §8: every identity-provider code seen.
const SPEC_CODES = [
  'unauthorized-domain',
  'popup-blocked',
  'popup-closed-by-user',
  'cancelled-popup-request',
  'web-storage-unsupported',
  'network-request-failed',
  'invalid-auth-event',
  'invalid-api-key',
  'internal-error',
  'operation-not-supported-in-this-environment',
  'auth-domain-config-required',
  'argument-error',
  'wrong-password',
  'invalid-credential',
  'user-not-found',
  'too-many-requests',
  'user-disabled',
  'user-token-expired',
  'requires-recent-login',
  'expired-action-code',
  'invalid-action-code',
  'password-does-not-meet-requirements',
  'multi-factor-auth-required',
];

const providerError = (code: string) => Object.assign(new Error(`Firebase: Error (${code}).`), { name: 'FirebaseError', code });

describe('identity-provider error messages', () => {
  it.each(SPEC_CODES)('%s has its own message, not the generic one', (code) => {
    const key = authErrorKey(providerError(`auth/${code}`));
    expect(key).not.toBe('genericError');
    expect(authErrorMessage(`auth/${code}`)).toBe(authErrorMessages[key]);
  });

  it('maps exactly the SPEC codes plus email-already-in-use', () => {
    expect(Object.keys(AUTH_ERROR_CODES).sort()).toEqual([...SPEC_CODES, 'email-already-in-use'].sort());
  });

  it('email-already-in-use is alreadyRegistered', () => {
    expect(authErrorKey(providerError('auth/email-already-in-use'))).toBe('alreadyRegistered');
    expect(authErrorMessage('email-already-in-use').id).toBe('auth.error.alreadyRegistered');
  });

  it('says the same for an unknown e-mail as for a wrong password (no account enumeration)', () => {
    const unknown = authErrorMessage(providerError('auth/user-not-found'));
    expect(authErrorMessage(providerError('auth/wrong-password')).defaultMessage).toBe(unknown.defaultMessage);
    expect(authErrorMessage(providerError('auth/invalid-credential'))).toBe(unknown);
  });

  it('anything else is genericError', () => {
    expect(authErrorKey(providerError('auth/some-future-code'))).toBe('genericError');
    expect(authErrorKey(new Error('boom'))).toBe('genericError');
    expect(authErrorKey(undefined)).toBe('genericError');
    expect(authErrorKey('toString')).toBe('genericError');
    // An API problem body has a `code` too, but not a provider one.
    expect(authErrorKey({ status: 401, code: 'wrong-password' })).toBe('genericError');
  });

  it('every message has an id and an English default', () => {
    for (const message of Object.values(authErrorMessages)) {
      expect(message.id).toMatch(/^auth\.error\./);
      expect(String(message.defaultMessage).length).toBeGreaterThan(10);
    }
  });

  it('reads the code of provider errors only', () => {
    expect(firebaseErrorCode(providerError('auth/popup-blocked'))).toBe('popup-blocked');
    expect(firebaseErrorCode({ code: 'conflict' })).toBeUndefined();
    expect(firebaseErrorCode(null)).toBeUndefined();
  });
});

describe('sign-out on error', () => {
  it('signs out on user-disabled and user-token-expired only', () => {
    expect(shouldSignOut(providerError('auth/user-disabled'))).toBe(true);
    expect(shouldSignOut(providerError('auth/user-token-expired'))).toBe(true);
    expect(shouldSignOut('user-disabled')).toBe(true);
    for (const code of SPEC_CODES.filter((item) => item !== 'user-disabled' && item !== 'user-token-expired')) {
      expect(shouldSignOut(providerError(`auth/${code}`))).toBe(false);
    }
    expect(shouldSignOut(new Error('x'))).toBe(false);
  });
});
