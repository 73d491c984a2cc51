import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import type { User as ProviderUser } from 'firebase/auth';
import { checkUserExistsOptions, loginUserMutation, registerUserMutation } from '@generated/@tanstack/react-query.gen';
import { clearSession, refreshSession, startSession } from '~/entities/session/use-session';
import { useLocale } from '~/lib/use-locale';
import { shouldSignOut } from '../auth-errors';
import { registerWithEmail, signInWithEmail, signInWithGoogle, signOutOfProvider } from '../firebase';
import { postLoginHref, wantsAppointments } from '../post-login';
import { completeSignIn, signInErrorMessage, SignInError, type SignInFlowDeps, type SignInResult } from '../sign-in-flow';

export const LOGIN_ERROR_NOTIFICATION_ID = 'login_error';
export const GOOGLE_ERROR_NOTIFICATION_ID = 'google_login_error';

const titles = defineMessages({
  invalidCredentials: { id: 'auth.notification.invalidCredentials', defaultMessage: 'Invalid credentials' },
  googleError: { id: 'auth.notification.googleError', defaultMessage: 'Error signing in with Google' },
});

export type SignInMethod = 'password' | 'google' | 'register';

export interface UseSignInOptions {
  /** Where the token guard found the user (the login page's `redirectedFrom`). */
  redirectedFrom?: string;
  /** Replaces the redirect by status, e.g. the SSO page continues to the other site. */
  onSignedIn?: (result: SignInResult) => Promise<void> | void;
}

/**
 * The sign-in flow of SPEC §4 for the auth screens: provider sign-in, then the Cita account
 * (exists → login, else register), user and tenant, and the redirect by status.
 */
export function useSignIn({ redirectedFrom, onSignedIn }: UseSignInOptions = {}) {
  const intl = useIntl();
  const locale = useLocale();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const login = useMutation(loginUserMutation());
  const register = useMutation(registerUserMutation());
  const [pending, setPending] = useState<SignInMethod | null>(null);

  const deps: SignInFlowDeps = {
    checkExists: async (email, idToken) => {
      const answer = await queryClient.fetchQuery({
        ...checkUserExistsOptions({ path: { email }, headers: { Authorization: `Bearer ${idToken}` } }),
        staleTime: 0,
        gcTime: 0,
      });
      return answer.exists;
    },
    login: (idToken) => login.mutateAsync({ body: { firebase_id_token: idToken } }),
    register: (identity, options) =>
      register.mutateAsync({
        body: {
          email: identity.email,
          firebase_id_token: identity.idToken,
          promotions_terms_accepted: options.promotionsTermsAccepted,
          terms_accepted: true,
          registering_from: 'web',
          locale: options.locale,
        },
      }),
    startSession,
    loadUserAndTenant: async (userId) => {
      const session = await refreshSession(queryClient, userId);
      return { userStatus: session.user?.status, tenantStatus: session.tenant?.status };
    },
  };

  /** Runs the flow after the provider answered; on failure leaves no half session behind. */
  async function continueWith(user: ProviderUser, promotionsTermsAccepted = false): Promise<void> {
    if (!user.email) throw new SignInError('provider', { code: 'auth/argument-error' });
    const identity = { email: user.email, idToken: await user.getIdToken() };
    let result: SignInResult;
    try {
      result = await completeSignIn(identity, deps, {
        promotionsTermsAccepted,
        locale,
        wantsAppointments: wantsAppointments(redirectedFrom),
      });
    } catch (error) {
      clearSession();
      await signOutOfProvider().catch(() => undefined);
      throw error;
    }
    if (onSignedIn) await onSignedIn(result);
    else await navigate({ href: postLoginHref(result.destination, redirectedFrom, locale), replace: true });
  }

  async function afterProviderError(error: unknown): Promise<void> {
    if (shouldSignOut(error)) await signOutOfProvider().catch(() => undefined);
  }

  function notify(id: string, title: string, error: unknown) {
    notifications.hide(id);
    notifications.show({ id, color: 'red', title, message: intl.formatMessage(signInErrorMessage(error)) });
  }

  async function run(method: SignInMethod, work: () => Promise<void>, onError: (error: unknown) => void): Promise<void> {
    setPending(method);
    try {
      await work();
    } catch (error) {
      await afterProviderError(error);
      console.warn('sign-in failed', error);
      onError(error);
    } finally {
      setPending(null);
    }
  }

  return {
    pending,
    /** E-mail and password; a failure shows the 'Invalid credentials' notification (id login_error). */
    signInWithPassword: (email: string, password: string) =>
      run(
        'password',
        async () => continueWith(await signInWithEmail(email, password)),
        (error) => notify(LOGIN_ERROR_NOTIFICATION_ID, intl.formatMessage(titles.invalidCredentials), error),
      ),
    /** The Google popup; a failure shows 'Error signing in with Google' (not when a newer popup replaced it). */
    signInWithGoogle: (promotionsTermsAccepted = false) =>
      run(
        'google',
        async () => continueWith(await signInWithGoogle(locale), promotionsTermsAccepted),
        (error) => {
          if ((error as { code?: unknown } | null)?.code === 'auth/cancelled-popup-request') return;
          notify(GOOGLE_ERROR_NOTIFICATION_ID, intl.formatMessage(titles.googleError), error);
        },
      ),
    /** A new provider account, then the Cita account; the caller shows `onError`'s error inline. */
    registerWithPassword: (email: string, password: string, promotionsTermsAccepted: boolean, onError: (error: unknown) => void) =>
      run('register', async () => continueWith(await registerWithEmail(email, password), promotionsTermsAccepted), onError),
  };
}
