import { defineMessages, type MessageDescriptor } from 'react-intl';

/**
 * SPEC §8: identity-provider error codes → translated messages. email-already-in-use is the
 * `alreadyRegistered` message, any code not listed the `genericError` one.
 */

export const authErrorMessages = defineMessages({
  alreadyRegistered: { id: 'auth.error.alreadyRegistered', defaultMessage: 'An account with this e-mail already exists. Sign in instead.' },
  genericError: { id: 'auth.error.genericError', defaultMessage: 'Something went wrong while signing in. Please try again.' },
  unauthorizedDomain: {
    id: 'auth.error.unauthorizedDomain',
    defaultMessage: 'Sign-in is not allowed from this address. Please use the official Cita address.',
  },
  popupBlocked: { id: 'auth.error.popupBlocked', defaultMessage: 'Your browser blocked the sign-in window. Allow pop-ups for this site and try again.' },
  popupClosedByUser: { id: 'auth.error.popupClosedByUser', defaultMessage: 'The sign-in window was closed before signing in finished.' },
  cancelledPopupRequest: { id: 'auth.error.cancelledPopupRequest', defaultMessage: 'Another sign-in window was opened. Finish signing in there.' },
  webStorageUnsupported: {
    id: 'auth.error.webStorageUnsupported',
    defaultMessage: 'Your browser blocks the storage sign-in needs. Enable cookies and site data, or leave private browsing.',
  },
  networkRequestFailed: { id: 'auth.error.networkRequestFailed', defaultMessage: 'No connection. Check your internet connection and try again.' },
  invalidAuthEvent: { id: 'auth.error.invalidAuthEvent', defaultMessage: 'The sign-in window returned an unexpected answer. Please try again.' },
  invalidApiKey: { id: 'auth.error.invalidApiKey', defaultMessage: 'Sign-in is misconfigured (invalid API key). Please contact support.' },
  internalError: { id: 'auth.error.internalError', defaultMessage: 'The sign-in service had an internal error. Please try again in a moment.' },
  operationNotSupported: {
    id: 'auth.error.operationNotSupported',
    defaultMessage: 'This way of signing in does not work in this browser. Try another browser or sign in with e-mail.',
  },
  authDomainConfigRequired: { id: 'auth.error.authDomainConfigRequired', defaultMessage: 'Sign-in is misconfigured (missing auth domain). Please contact support.' },
  argumentError: { id: 'auth.error.argumentError', defaultMessage: 'The sign-in request was invalid. Please check your details and try again.' },
  wrongPassword: { id: 'auth.error.wrongPassword', defaultMessage: 'The e-mail or password is not correct.' },
  invalidCredential: { id: 'auth.error.invalidCredential', defaultMessage: 'The e-mail or password is not correct.' },
  tooManyRequests: { id: 'auth.error.tooManyRequests', defaultMessage: 'Too many attempts. Please wait a few minutes and try again.' },
  userDisabled: { id: 'auth.error.userDisabled', defaultMessage: 'This account has been disabled. Please contact support.' },
  userTokenExpired: { id: 'auth.error.userTokenExpired', defaultMessage: 'Your sign-in has expired. Please sign in again.' },
  requiresRecentLogin: { id: 'auth.error.requiresRecentLogin', defaultMessage: 'For your security, sign in again before doing this.' },
  expiredActionCode: { id: 'auth.error.expiredActionCode', defaultMessage: 'This link has expired. Request a new one.' },
  invalidActionCode: { id: 'auth.error.invalidActionCode', defaultMessage: 'This link is not valid or was already used. Request a new one.' },
  passwordDoesNotMeetRequirements: {
    id: 'auth.error.passwordDoesNotMeetRequirements',
    defaultMessage: 'The password does not meet the requirements. Choose a stronger one.',
  },
  multiFactorAuthRequired: {
    id: 'auth.error.multiFactorAuthRequired',
    defaultMessage: 'This account needs a second sign-in step, which Cita does not support yet. Please contact support.',
  },
});

export type AuthErrorMessageKey = keyof typeof authErrorMessages;

/** Every provider code of SPEC §8 (without the 'auth/' prefix) and its message. */
export const AUTH_ERROR_CODES: Readonly<Record<string, AuthErrorMessageKey>> = {
  'unauthorized-domain': 'unauthorizedDomain',
  'popup-blocked': 'popupBlocked',
  'popup-closed-by-user': 'popupClosedByUser',
  'cancelled-popup-request': 'cancelledPopupRequest',
  'web-storage-unsupported': 'webStorageUnsupported',
  'network-request-failed': 'networkRequestFailed',
  'invalid-auth-event': 'invalidAuthEvent',
  'invalid-api-key': 'invalidApiKey',
  'internal-error': 'internalError',
  'operation-not-supported-in-this-environment': 'operationNotSupported',
  'auth-domain-config-required': 'authDomainConfigRequired',
  'argument-error': 'argumentError',
  'wrong-password': 'wrongPassword',
  'invalid-credential': 'invalidCredential',
  // The same words as a wrong password: the sign-in form must not tell who has an account.
  'user-not-found': 'invalidCredential',
  'too-many-requests': 'tooManyRequests',
  'user-disabled': 'userDisabled',
  'user-token-expired': 'userTokenExpired',
  'requires-recent-login': 'requiresRecentLogin',
  'expired-action-code': 'expiredActionCode',
  'invalid-action-code': 'invalidActionCode',
  'password-does-not-meet-requirements': 'passwordDoesNotMeetRequirements',
  'multi-factor-auth-required': 'multiFactorAuthRequired',
  'email-already-in-use': 'alreadyRegistered',
};

/** Codes after which the provider session is dropped (SPEC §8). */
export const SIGN_OUT_CODES: readonly string[] = ['user-disabled', 'user-token-expired'];

/**
 * 'wrong-password' from a provider error (its code is 'auth/wrong-password'); undefined for anything
 * else, such as an API problem body, whose `code` is not the provider's.
 */
export function firebaseErrorCode(error: unknown): string | undefined {
  if (!error || typeof error !== 'object' || !('code' in error)) return undefined;
  const code = (error as { code: unknown }).code;
  if (typeof code !== 'string' || !code.startsWith('auth/')) return undefined;
  return code.slice('auth/'.length);
}

/** The message key for a provider error or code. */
export function authErrorKey(errorOrCode: unknown): AuthErrorMessageKey {
  const code = typeof errorOrCode === 'string' ? errorOrCode.replace(/^auth\//, '') : firebaseErrorCode(errorOrCode);
  return (code !== undefined && Object.hasOwn(AUTH_ERROR_CODES, code) ? AUTH_ERROR_CODES[code] : undefined) ?? 'genericError';
}

/** The translated-message descriptor for a provider error or code. */
export function authErrorMessage(errorOrCode: unknown): MessageDescriptor {
  return authErrorMessages[authErrorKey(errorOrCode)];
}

/** True when the error means the provider session must be ended (user-disabled, user-token-expired). */
export function shouldSignOut(errorOrCode: unknown): boolean {
  const code = typeof errorOrCode === 'string' ? errorOrCode.replace(/^auth\//, '') : firebaseErrorCode(errorOrCode);
  return code !== undefined && SIGN_OUT_CODES.includes(code);
}
