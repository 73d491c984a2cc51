import { Alert, Anchor, Button, Stack, TextInput } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { IconAlertCircle, IconMailCheck } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormattedMessage, useIntl, type MessageDescriptor } from 'react-intl';
import { useLocale } from '~/lib/use-locale';
import { issueErrorMap } from '~/lib/form-issues';
import { localeParam } from '~/lib/locale';
import { authErrorMessage, firebaseErrorCode } from '../auth-errors';
import { sendPasswordReset } from '../firebase';
import { forgotPasswordFormSchema, type ForgotPasswordFormValues } from '../schemas/auth-schemas';
import { authLabels } from './auth-messages';
import { AuthCard } from './auth-card';

/**
 * Errors that say nothing about whether an account exists, so they may be shown; every other outcome
 * (sent, no such user, …) gets the same neutral answer.
 */
const SHOWN_CODES = ['network-request-failed', 'too-many-requests'];

/** /login/forgot-password (SPEC §2, no layout): sends the provider's password reset e-mail. */
export function ForgotPasswordPage() {
  const intl = useIntl();
  const locale = useLocale();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [error, setError] = useState<MessageDescriptor | null>(null);
  const form = useForm<ForgotPasswordFormValues>({
    resolver: zodResolver(forgotPasswordFormSchema, { error: issueErrorMap((descriptor, values) => intl.formatMessage(descriptor, values)) }),
    defaultValues: { email: '' },
  });

  const submit = form.handleSubmit(async ({ email }) => {
    setError(null);
    const address = email.trim();
    try {
      await sendPasswordReset(address, locale);
    } catch (failure) {
      const code = firebaseErrorCode(failure);
      if (code && SHOWN_CODES.includes(code)) {
        setError(authErrorMessage(failure));
        return;
      }
      console.warn('password reset not sent', code ?? failure);
    }
    setSentTo(address);
  });

  const backToLogin = (
    <Anchor renderRoot={(props) => <Link {...props} to="/{-$locale}/login" params={{ locale: localeParam(locale) }} />}>
      <FormattedMessage id="auth.forgot.back" defaultMessage="Back to sign in" />
    </Anchor>
  );

  return (
    <AuthCard
      title={intl.formatMessage({ id: 'auth.forgot.title', defaultMessage: 'Reset your password' })}
      subtitle={<FormattedMessage id="auth.forgot.subtitle" defaultMessage="Enter your e-mail and we will send you a link to choose a new password." />}
      footer={backToLogin}
    >
      {sentTo ? (
        <Alert color="green" icon={<IconMailCheck size={18} aria-hidden />} role="status">
          <FormattedMessage
            id="auth.forgot.sent"
            defaultMessage="If an account exists for {email}, we have sent it a link to reset the password. Check your inbox and spam folder."
            values={{ email: sentTo }}
          />
        </Alert>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            {error ? (
              <Alert color="red" icon={<IconAlertCircle size={18} aria-hidden />} role="alert">
                {intl.formatMessage(error)}
              </Alert>
            ) : null}
            <TextInput
              {...form.register('email')}
              type="email"
              autoComplete="email"
              label={intl.formatMessage(authLabels.email)}
              placeholder={intl.formatMessage(authLabels.emailPlaceholder)}
              error={form.formState.errors.email?.message}
              disabled={form.formState.isSubmitting}
            />
            <Button type="submit" fullWidth loading={form.formState.isSubmitting}>
              <FormattedMessage id="auth.forgot.submit" defaultMessage="Send reset link" />
            </Button>
          </Stack>
        </form>
      )}
    </AuthCard>
  );
}
