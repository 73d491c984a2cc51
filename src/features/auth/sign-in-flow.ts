import type { SessionResponse } from '@generated/types.gen';
import { defineMessages, type MessageDescriptor } from 'react-intl';
import { destinationFor, type Destination } from '~/lib/auth-status';
import { authErrorMessage, authErrorMessages, firebaseErrorCode } from './auth-errors';

/**
 * SPEC §4 sign-in flow, after the identity provider answered: does the e-mail have an account? then
 * log in, otherwise register; load user and tenant; pick the destination by status.
 * The API calls are injected (the hook wires the generated mutations), so the flow is testable.
 */

export interface Identity {
  email: string;
  idToken: string;
}

export interface RegisterOptions {
  promotionsTermsAccepted: boolean;
  locale?: 'en-US' | 'es-ES';
}

export interface SignInFlowDeps {
  checkExists: (email: string, idToken: string) => Promise<boolean>;
  login: (idToken: string) => Promise<SessionResponse>;
  register: (identity: Identity, options: RegisterOptions) => Promise<SessionResponse>;
  /** Keeps the token cookie and isAdmin. */
  startSession: (response: SessionResponse) => void;
  /** Loads user and first tenant into the session and returns their statuses. */
  loadUserAndTenant: (userId: string) => Promise<{ userStatus?: string | null; tenantStatus?: string | null }>;
}

export interface SignInResult {
  destination: Destination;
  registered: boolean;
}

/** The HTTP status of an API error (a problem+json body or a Response-like object), if any. */
export function apiErrorStatus(error: unknown): number | undefined {
  if (error && typeof error === 'object' && 'status' in error) {
    const status = (error as { status: unknown }).status;
    if (typeof status === 'number') return status;
  }
  return undefined;
}

export class SignInError extends Error {
  constructor(
    readonly step: 'provider' | 'exists' | 'login' | 'register' | 'load',
    readonly original: unknown,
  ) {
    super(`sign-in failed at ${step}`, { cause: original });
    this.name = 'SignInError';
  }
}

export async function completeSignIn(
  identity: Identity,
  deps: SignInFlowDeps,
  options: RegisterOptions & { wantsAppointments?: boolean },
): Promise<SignInResult> {
  const exists = await deps.checkExists(identity.email, identity.idToken).catch((error: unknown) => {
    throw new SignInError('exists', error);
  });

  let session: SessionResponse;
  let registered = false;
  const register = () => {
    registered = true;
    return deps.register(identity, options).catch((error: unknown) => {
      throw new SignInError('register', error);
    });
  };
  const login = () =>
    deps.login(identity.idToken).catch((error: unknown) => {
      throw new SignInError('login', error);
    });

  if (exists) {
    try {
      session = await login();
    } catch (error) {
      // The account vanished between the check and the login: create it.
      if (error instanceof SignInError && apiErrorStatus(error.original) === 404) session = await register();
      else throw error;
    }
  } else {
    try {
      session = await register();
    } catch (error) {
      // Registered meanwhile (another tab, a double click): log in instead.
      if (error instanceof SignInError && apiErrorStatus(error.original) === 409) {
        registered = false;
        session = await login();
      } else throw error;
    }
  }

  deps.startSession(session);
  const statuses = await deps.loadUserAndTenant(session.userId).catch((error: unknown) => {
    throw new SignInError('load', error);
  });
  return { destination: destinationFor({ ...statuses, wantsAppointments: options.wantsAppointments }), registered };
}

export const flowMessages = defineMessages({
  notVerified: { id: 'auth.error.notVerified', defaultMessage: 'Your sign-in could not be verified. Please try again.' },
  emailMismatch: { id: 'auth.error.emailMismatch', defaultMessage: 'This account has no verified e-mail address Cita can use.' },
  serverError: { id: 'auth.error.serverError', defaultMessage: 'Cita could not complete your sign-in. Please try again in a moment.' },
});

/** The translated message for any failure of the flow: provider codes first, then API statuses. */
export function signInErrorMessage(error: unknown): MessageDescriptor {
  const cause = error instanceof SignInError ? error.original : error;
  if (firebaseErrorCode(cause)) return authErrorMessage(cause);
  if (cause instanceof TypeError) return authErrorMessages.networkRequestFailed;
  const status = apiErrorStatus(cause);
  if (status === 401) return flowMessages.notVerified;
  if (status === 403 || status === 422) return flowMessages.emailMismatch;
  if (status === 409) return authErrorMessages.alreadyRegistered;
  if (status === 429) return authErrorMessages.tooManyRequests;
  if (status !== undefined && status >= 500) return flowMessages.serverError;
  return authErrorMessages.genericError;
}

