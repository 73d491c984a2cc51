import { Alert, Anchor, Center, Loader, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { createSsoCodeMutation } from '@generated/@tanstack/react-query.gen';
import { defineMessages, FormattedMessage, useIntl } from 'react-intl';
import { getRuntimeConfig } from '~/lib/runtime-config';
import { getSession } from '~/entities/session/use-session';
import { useLocale } from '~/lib/use-locale';
import { localeParam } from '~/lib/locale';
import { ssoRedirectUrl, ssoRequestProblem, type SsoProblem, type SsoRequest } from '../sso';
import { AuthCard } from './auth-card';
import { LoginForm } from './login-form';

const problems = defineMessages<SsoProblem>({
  'unsupported-response-type': {
    id: 'auth.sso.problem.responseType',
    defaultMessage: 'This sign-in link is not valid: it must ask for response_type=code.',
  },
  'missing-redirect-uri': {
    id: 'auth.sso.problem.missingRedirect',
    defaultMessage: 'This sign-in link is not valid: it does not say where to return (redirect_uri).',
  },
  'invalid-redirect-uri': {
    id: 'auth.sso.problem.invalidRedirect',
    defaultMessage: 'This sign-in link is not valid: its return address is not a web address.',
  },
  'missing-state': {
    id: 'auth.sso.problem.missingState',
    defaultMessage: 'This sign-in link is not valid: it has no state value to protect you from forged requests.',
  },
  'redirect-not-allowed': {
    id: 'auth.sso.problem.notAllowed',
    defaultMessage: 'Cita cannot sign you in to {origin}: that site is not on the list of allowed applications.',
  },
});

function originOf(uri: string | undefined): string {
  try {
    return uri ? new URL(uri).origin : '';
  } catch {
    return uri ?? '';
  }
}

type Phase = 'form' | 'redirecting' | 'refused';

/**
 * /login/sso (SPEC §2, hardened): a signed-in user is sent to `redirect_uri` with a one-time code
 * the application exchanges server-side, if redirect_uri is registered exactly and a state is given;
 * otherwise the login form comes first and the redirect follows.
 */
export function SsoPage({ request }: { request: SsoRequest }) {
  const intl = useIntl();
  const locale = useLocale();
  const allowed = getRuntimeConfig().ssoRedirectUris;
  const problem = ssoRequestProblem(request, allowed);
  // Signed in already: straight on to the application; otherwise the login form first.
  const [phase, setPhase] = useState<Phase>(() => (getSession().isSignedIn ? 'redirecting' : 'form'));
  const issueCode = useMutation(createSsoCodeMutation());

  const continueToApp = () =>
    issueCode.mutate(
      { body: { redirect_uri: request.redirect_uri as string, state: request.state as string } },
      {
        onSuccess: ({ code }) => window.location.assign(ssoRedirectUrl(request, code, allowed)),
        // The server refused the application (422) or could not be reached: say so, send nothing.
        onError: (error) => {
          console.error('SSO code refused', error);
          setPhase('refused');
        },
      },
    );

  useEffect(() => {
    if (problem || !getSession().isSignedIn) return;
    continueToApp();
    // The request comes from the URL; re-run only when it changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [problem, request.redirect_uri, request.response_type, request.state]);

  const title = intl.formatMessage({ id: 'auth.sso.title', defaultMessage: 'Sign in to continue' });
  const homeLink = (
    <Anchor renderRoot={(props) => <Link {...props} to="/{-$locale}" params={{ locale: localeParam(locale) }} />}>
      <FormattedMessage id="auth.sso.home" defaultMessage="Go to Cita" />
    </Anchor>
  );

  if (problem || phase === 'refused') {
    return (
      <AuthCard title={title} footer={homeLink}>
        <Alert
          color="red"
          icon={<IconAlertCircle size={18} aria-hidden />}
          role="alert"
          title={intl.formatMessage({ id: 'auth.sso.problem.title', defaultMessage: 'Single sign-on is not possible' })}
        >
          {intl.formatMessage(problems[problem ?? 'redirect-not-allowed'], { origin: originOf(request.redirect_uri) })}
        </Alert>
      </AuthCard>
    );
  }

  if (phase !== 'form') {
    return (
      <AuthCard title={title}>
        <Center py="lg">
          <Stack align="center" gap="sm" role="status">
            <Loader aria-hidden />
            <Text c="dimmed" size="sm">
              <FormattedMessage id="auth.sso.redirecting" defaultMessage="Returning to {origin}…" values={{ origin: originOf(request.redirect_uri) }} />
            </Text>
          </Stack>
        </Center>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title={title}
      subtitle={
        <FormattedMessage
          id="auth.sso.subtitle"
          defaultMessage="Sign in with your Cita account to continue to {origin}."
          values={{ origin: originOf(request.redirect_uri) }}
        />
      }
    >
      <LoginForm
        onSignedIn={() => {
          setPhase('redirecting');
          continueToApp();
        }}
      />
    </AuthCard>
  );
}
