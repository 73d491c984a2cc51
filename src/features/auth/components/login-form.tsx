import { Anchor, Button, Divider, Group, Stack, TextInput } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from '@tanstack/react-router';
import { useForm } from 'react-hook-form';
import { FormattedMessage, useIntl } from 'react-intl';
import { useLocale } from '~/lib/use-locale';
import { PasswordInput } from '~/components/password-input';
import { issueErrorMap } from '~/lib/form-issues';
import { localeParam } from '~/lib/locale';
import { useSignIn, type UseSignInOptions } from '../hooks/use-sign-in';
import { loginFormSchema, type LoginFormValues } from '../schemas/auth-schemas';
import { authLabels } from './auth-messages';
import { GoogleButton } from './google-button';

/** E-mail and password, the Google popup, and the forgot-password link; used by /login and /login/sso. */
export function LoginForm(options: UseSignInOptions) {
  const intl = useIntl();
  const locale = useLocale();
  const { pending, signInWithPassword, signInWithGoogle } = useSignIn(options);
  const form = useForm<LoginFormValues>({
    resolver: zodResolver(loginFormSchema, { error: issueErrorMap((descriptor, values) => intl.formatMessage(descriptor, values)) }),
    defaultValues: { email: '', password: '' },
  });
  const busy = pending !== null;
  const submit = form.handleSubmit(({ email, password }) => signInWithPassword(email.trim(), password));

  return (
    <Stack gap="md">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput
            {...form.register('email')}
            type="email"
            autoComplete="email"
            label={intl.formatMessage(authLabels.email)}
            placeholder={intl.formatMessage(authLabels.emailPlaceholder)}
            error={form.formState.errors.email?.message}
            disabled={busy}
            data-autofocus
          />
          <PasswordInput
            {...form.register('password')}
            autoComplete="current-password"
            label={intl.formatMessage(authLabels.password)}
            error={form.formState.errors.password?.message}
            disabled={busy}
          />
          <Group justify="flex-end">
            <Anchor
              size="sm"
              renderRoot={(props) => <Link {...props} to="/{-$locale}/login/forgot-password" params={{ locale: localeParam(locale) }} />}
            >
              <FormattedMessage id="auth.login.forgotPassword" defaultMessage="Forgot your password?" />
            </Anchor>
          </Group>
          <Button type="submit" fullWidth loading={pending === 'password'} disabled={busy && pending !== 'password'}>
            <FormattedMessage id="auth.login.submit" defaultMessage="Sign in" />
          </Button>
        </Stack>
      </form>
      <Divider label={intl.formatMessage(authLabels.or)} labelPosition="center" />
      <GoogleButton onClick={() => void signInWithGoogle()} loading={pending === 'google'} disabled={busy && pending !== 'google'} />
    </Stack>
  );
}
