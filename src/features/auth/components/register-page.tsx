import { Alert, Anchor, Button, Checkbox, Divider, Stack, TextInput } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { IconAlertCircle } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormattedMessage, useIntl, type MessageDescriptor } from 'react-intl';
import { useLocale } from '~/lib/use-locale';
import { PasswordInput } from '~/components/password-input';
import { issueErrorMap } from '~/lib/form-issues';
import { localeParam } from '~/lib/locale';
import { authErrorKey, authErrorMessages, firebaseErrorCode } from '../auth-errors';
import { checkPasswordPolicy } from '../firebase';
import { useSignIn } from '../hooks/use-sign-in';
import { passwordPolicyProblems, policyMessages } from '../password-policy';
import {
  MIN_PASSWORD_LENGTH,
  registerFormSchema,
  registerIssueMessages,
  registerMessages,
  type RegisterFormInput,
  type RegisterFormValues,
} from '../schemas/auth-schemas';
import { signInErrorMessage } from '../sign-in-flow';
import { authLabels } from './auth-messages';
import { AuthCard } from './auth-card';
import { GoogleButton } from './google-button';

/** /register (SPEC §2, no layout): e-mail, password (provider policy), confirmation, terms, promotions. */
export function RegisterPage({ redirectedFrom }: { redirectedFrom?: string }) {
  const intl = useIntl();
  const locale = useLocale();
  const { pending, registerWithPassword, signInWithGoogle } = useSignIn({ redirectedFrom });
  const [formError, setFormError] = useState<MessageDescriptor | null>(null);
  const [checkingPolicy, setCheckingPolicy] = useState(false);
  const form = useForm<RegisterFormInput, unknown, RegisterFormValues>({
    resolver: zodResolver(registerFormSchema, { error: issueErrorMap((descriptor, values) => intl.formatMessage(descriptor, values), registerIssueMessages) }),
    defaultValues: { email: '', password: '', confirmPassword: '', terms: false, promotions: false },
  });
  const busy = pending !== null || checkingPolicy;
  const { errors } = form.formState;

  const showError = (error: unknown) => {
    const key = authErrorKey(error);
    if (firebaseErrorCode(error) && key === 'alreadyRegistered') {
      form.setError('email', { message: intl.formatMessage(authErrorMessages.alreadyRegistered) }, { shouldFocus: true });
      setFormError(authErrorMessages.alreadyRegistered);
    } else if (key === 'passwordDoesNotMeetRequirements') {
      form.setError('password', { message: intl.formatMessage(authErrorMessages.passwordDoesNotMeetRequirements) }, { shouldFocus: true });
      setFormError(null);
    } else {
      setFormError(signInErrorMessage(error));
    }
  };

  const submit = form.handleSubmit(async ({ email, password, promotions }) => {
    setFormError(null);
    setCheckingPolicy(true);
    const policy = await checkPasswordPolicy(password);
    setCheckingPolicy(false);
    const problems = policy ? passwordPolicyProblems(policy) : [];
    if (problems.length) {
      const requirements = intl.formatList(problems.map((problem) => intl.formatMessage(problem.message, problem.values)), { type: 'conjunction' });
      form.setError('password', { message: intl.formatMessage(policyMessages.summary, { requirements }) }, { shouldFocus: true });
      return;
    }
    await registerWithPassword(email, password, promotions, showError);
  });

  // The popup must open within the click (browsers block later ones): check the terms synchronously.
  const google = () => {
    setFormError(null);
    if (!form.getValues('terms')) {
      form.setError('terms', { message: intl.formatMessage(registerMessages.termsRequired) });
      return;
    }
    form.clearErrors('terms');
    void signInWithGoogle(form.getValues('promotions'));
  };

  const loginLink = (chunks: React.ReactNode[]) => (
    <Anchor
      renderRoot={(props) => <Link {...props} to="/{-$locale}/login" params={{ locale: localeParam(locale) }} search={redirectedFrom ? { redirectedFrom } : {}} />}
    >
      {chunks}
    </Anchor>
  );

  return (
    <AuthCard
      title={intl.formatMessage({ id: 'auth.register.title', defaultMessage: 'Create your Cita account' })}
      subtitle={<FormattedMessage id="auth.register.subtitle" defaultMessage="Set up your business in a few minutes." />}
      footer={<FormattedMessage id="auth.register.haveAccount" defaultMessage="Already have an account? <link>Sign in</link>" values={{ link: loginLink }} />}
    >
      <Stack gap="md">
        {formError ? (
          <Alert color="red" icon={<IconAlertCircle size={18} aria-hidden />} role="alert">
            {intl.formatMessage(formError)}
          </Alert>
        ) : null}
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <TextInput
              {...form.register('email')}
              type="email"
              autoComplete="email"
              label={intl.formatMessage(authLabels.email)}
              placeholder={intl.formatMessage(authLabels.emailPlaceholder)}
              error={errors.email?.message}
              disabled={busy}
            />
            <PasswordInput
              {...form.register('password')}
              autoComplete="new-password"
              label={intl.formatMessage(authLabels.password)}
              description={intl.formatMessage(
                { id: 'auth.register.passwordHint', defaultMessage: 'At least {min} characters.' },
                { min: MIN_PASSWORD_LENGTH },
              )}
              error={errors.password?.message}
              disabled={busy}
            />
            <PasswordInput
              {...form.register('confirmPassword')}
              autoComplete="new-password"
              label={intl.formatMessage(authLabels.confirmPassword)}
              error={errors.confirmPassword?.message}
              disabled={busy}
            />
            <Checkbox
              {...form.register('terms')}
              label={intl.formatMessage({ id: 'auth.register.terms', defaultMessage: 'I accept the terms of service and the privacy policy' })}
              error={errors.terms?.message}
              disabled={busy}
            />
            <Checkbox
              {...form.register('promotions')}
              label={intl.formatMessage({ id: 'auth.register.promotions', defaultMessage: 'Keep me posted about news and offers (optional)' })}
              disabled={busy}
            />
            <Button type="submit" fullWidth loading={pending === 'register' || checkingPolicy} disabled={busy && pending !== 'register' && !checkingPolicy}>
              <FormattedMessage id="auth.register.submit" defaultMessage="Create account" />
            </Button>
          </Stack>
        </form>
        <Divider label={intl.formatMessage(authLabels.or)} labelPosition="center" />
        <GoogleButton onClick={google} loading={pending === 'google'} disabled={busy && pending !== 'google'} />
      </Stack>
    </AuthCard>
  );
}
