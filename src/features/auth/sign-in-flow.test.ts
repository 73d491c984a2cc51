import type { SessionResponse } from '@generated/types.gen';
import { describe, expect, it, vi } from 'vitest';
import { authErrorMessages } from './auth-errors';
import { completeSignIn, flowMessages, signInErrorMessage, SignInError, type SignInFlowDeps } from './sign-in-flow';

const identity = { email: 'ana@example.com', idToken: 'firebase-id-token' };
const session: SessionResponse = { token: 't'.repeat(40), isAdmin: false, userId: 'user-1', expiresAt: '2030-01-01T00:00:00Z' };
const problem = (status: number) => ({ type: 'about:blank', title: 'x', status });

function fakeDeps(overrides: Partial<SignInFlowDeps> = {}) {
  const calls: string[] = [];
  const deps: SignInFlowDeps = {
    checkExists: vi.fn(async () => {
      calls.push('exists');
      return true;
    }),
    login: vi.fn(async () => {
      calls.push('login');
      return session;
    }),
    register: vi.fn(async () => {
      calls.push('register');
      return { ...session, userId: 'user-2' };
    }),
    startSession: vi.fn(() => {
      calls.push('start');
    }),
    loadUserAndTenant: vi.fn(async () => {
      calls.push('load');
      return { userStatus: 'USER_STATUS_ACTIVE', tenantStatus: 'TENANT_STATUS_ACTIVE' };
    }),
    ...overrides,
  };
  return { deps, calls };
}

describe('sign-in flow (SPEC §4)', () => {
  it('logs in an existing account, keeps the session, loads user and tenant, goes home', async () => {
    const { deps, calls } = fakeDeps();
    const result = await completeSignIn(identity, deps, { promotionsTermsAccepted: false });
    expect(calls).toEqual(['exists', 'login', 'start', 'load']);
    expect(deps.checkExists).toHaveBeenCalledWith('ana@example.com', 'firebase-id-token');
    expect(deps.login).toHaveBeenCalledWith('firebase-id-token');
    expect(deps.startSession).toHaveBeenCalledWith(session);
    expect(deps.loadUserAndTenant).toHaveBeenCalledWith('user-1');
    expect(result).toEqual({ destination: 'home', registered: false });
  });

  it('registers an unknown e-mail and sends the new user to onboarding', async () => {
    const { deps, calls } = fakeDeps({
      checkExists: async () => false,
      loadUserAndTenant: async () => ({ userStatus: 'USER_STATUS_NEW', tenantStatus: undefined }),
    });
    const result = await completeSignIn(identity, deps, { promotionsTermsAccepted: true, locale: 'es-ES' });
    expect(calls).toEqual(['register', 'start']);
    expect(deps.register).toHaveBeenCalledWith(identity, expect.objectContaining({ promotionsTermsAccepted: true, locale: 'es-ES' }));
    expect(result).toEqual({ destination: 'onboarding-how-do-you-work', registered: true });
  });

  it('routes by tenant status first', async () => {
    const { deps } = fakeDeps({
      loadUserAndTenant: async () => ({ userStatus: 'USER_STATUS_NEW', tenantStatus: 'TENANT_STATUS_PENDING_OPENING_HOURS' }),
    });
    expect((await completeSignIn(identity, deps, { promotionsTermsAccepted: false })).destination).toBe('onboarding-opening-hours');
  });

  it('goes to appointments when they were requested', async () => {
    const { deps } = fakeDeps();
    const result = await completeSignIn(identity, deps, { promotionsTermsAccepted: false, wantsAppointments: true });
    expect(result.destination).toBe('appointments');
  });

  it('logs in when registering answers 409 (registered meanwhile)', async () => {
    const { deps, calls } = fakeDeps({
      checkExists: async () => false,
      register: async () => {
        calls.push('register');
        throw problem(409);
      },
    });
    const result = await completeSignIn(identity, deps, { promotionsTermsAccepted: false });
    expect(calls).toEqual(['register', 'login', 'start', 'load']);
    expect(result.registered).toBe(false);
  });

  it('registers when login answers 404 (no account after all)', async () => {
    const { deps, calls } = fakeDeps({
      login: async () => {
        calls.push('login');
        throw problem(404);
      },
    });
    await completeSignIn(identity, deps, { promotionsTermsAccepted: false });
    expect(calls).toEqual(['exists', 'login', 'register', 'start', 'load']);
  });

  it('stops with the failing step and keeps no session when login is refused', async () => {
    const { deps } = fakeDeps({
      login: async () => {
        throw problem(401);
      },
    });
    const failure = await completeSignIn(identity, deps, { promotionsTermsAccepted: false }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(SignInError);
    expect((failure as SignInError).step).toBe('login');
    expect(deps.startSession).not.toHaveBeenCalled();
    expect(signInErrorMessage(failure)).toBe(flowMessages.notVerified);
  });
});

describe('sign-in error messages', () => {
  it('translate provider codes, API statuses and network failures', () => {
    expect(signInErrorMessage(Object.assign(new Error('x'), { code: 'auth/wrong-password' }))).toBe(authErrorMessages.wrongPassword);
    expect(signInErrorMessage(new SignInError('register', problem(409)))).toBe(authErrorMessages.alreadyRegistered);
    expect(signInErrorMessage(new SignInError('exists', problem(429)))).toBe(authErrorMessages.tooManyRequests);
    expect(signInErrorMessage(new SignInError('exists', problem(403)))).toBe(flowMessages.emailMismatch);
    expect(signInErrorMessage(new SignInError('load', problem(503)))).toBe(flowMessages.serverError);
    expect(signInErrorMessage(new SignInError('exists', new TypeError('Failed to fetch')))).toBe(authErrorMessages.networkRequestFailed);
    expect(signInErrorMessage(new Error('odd'))).toBe(authErrorMessages.genericError);
  });
});
