import { Anchor } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { FormattedMessage, useIntl } from 'react-intl';
import { useLocale } from '~/lib/use-locale';
import { localeParam } from '~/lib/locale';
import { AuthCard } from './auth-card';
import { LoginForm } from './login-form';

/** /login (SPEC §2, no layout). */
export function LoginPage({ redirectedFrom }: { redirectedFrom?: string }) {
  const intl = useIntl();
  const locale = useLocale();
  return (
    <AuthCard
      title={intl.formatMessage({ id: 'auth.login.title', defaultMessage: 'Sign in to Cita' })}
      subtitle={<FormattedMessage id="auth.login.subtitle" defaultMessage="Welcome back. Manage your appointments and your business." />}
      footer={
        <FormattedMessage
          id="auth.login.noAccount"
          defaultMessage="New to Cita? <link>Create an account</link>"
          values={{
            link: (chunks) => (
              <Anchor
                renderRoot={(props) => (
                  <Link {...props} to="/{-$locale}/register" params={{ locale: localeParam(locale) }} search={redirectedFrom ? { redirectedFrom } : {}} />
                )}
              >
                {chunks}
              </Anchor>
            ),
          }}
        />
      }
    >
      <LoginForm redirectedFrom={redirectedFrom} />
    </AuthCard>
  );
}
