import { useQueryClient } from '@tanstack/react-query';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useIntl } from 'react-intl';
import { getConfigurationOptions } from '@generated/@tanstack/react-query.gen';
import type { AutoRegisterResponse } from '@generated/types.gen';
import { refreshSession, startSession } from '~/entities/session/use-session';
import { useLocale } from '~/lib/use-locale';
import { PageLoader } from '~/components/page-loader';
import { RouteError } from '~/components/route-error';
import { authErrorKey, authErrorMessage, firebaseErrorCode } from '~/features/auth/auth-errors';
import { checkPasswordPolicy, registerWithEmail, signInWithEmail, signOutOfProvider } from '~/features/auth/firebase';
import { passwordPolicyProblems, policyMessages } from '~/features/auth/password-policy';
import { postLoginHref } from '~/features/auth/post-login';
import { AutoRegisterPage, type AutoRegisterIdentityProvider } from '~/features/onboarding/components/auto-register-page';
import { destinationFor } from '~/lib/auth-status';

// SPEC §2 /business/auto-register (no layout). Composes the onboarding form with the auth feature's
// identity provider and the same completion as a sign-in: keep the session, load user and business,
// go where their status says.
export const Route = createFileRoute('/{-$locale}/business/auto-register')({
  loader: ({ context }) => context.queryClient.ensureQueryData(getConfigurationOptions()),
  pendingComponent: PageLoader,
  errorComponent: RouteError,
  component: AutoRegisterRoute,
});

/** A new provider account; an existing one with the same password (an earlier half-finished try) is reused. */
async function obtainIdToken(email: string, password: string): Promise<string> {
  try {
    return await (await registerWithEmail(email, password)).getIdToken();
  } catch (error) {
    if (firebaseErrorCode(error) !== 'email-already-in-use') throw error;
    try {
      return await (await signInWithEmail(email, password)).getIdToken();
    } catch {
      throw error;
    }
  }
}

function AutoRegisterRoute() {
  const intl = useIntl();
  const locale = useLocale();
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  const identity: AutoRegisterIdentityProvider = {
    obtainIdToken,
    checkPassword: async (password) => {
      const policy = await checkPasswordPolicy(password);
      const problems = policy ? passwordPolicyProblems(policy) : [];
      if (!problems.length) return null;
      const requirements = intl.formatList(
        problems.map((problem) => intl.formatMessage(problem.message, problem.values)),
        { type: 'conjunction' },
      );
      return intl.formatMessage(policyMessages.summary, { requirements });
    },
    describeError: (error) => {
      if (!firebaseErrorCode(error)) return null;
      const key = authErrorKey(error);
      const field = key === 'alreadyRegistered' ? 'email' : key === 'passwordDoesNotMeetRequirements' ? 'password' : undefined;
      return { message: authErrorMessage(error), field };
    },
    signOut: signOutOfProvider,
  };

  const onRegistered = async (response: AutoRegisterResponse) => {
    startSession(response);
    const session = await refreshSession(queryClient, response.userId);
    const destination = destinationFor({ userStatus: session.user?.status, tenantStatus: session.tenant?.status });
    await navigate({ href: postLoginHref(destination, undefined, locale), replace: true });
  };

  return <AutoRegisterPage identity={identity} onRegistered={onRegistered} />;
}
