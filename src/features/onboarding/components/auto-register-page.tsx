import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Anchor, Button, Center, Checkbox, Container, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconAlertCircle, IconRocket } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useMemo, useState, type ReactNode } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { defineMessages, FormattedMessage, useIntl, type MessageDescriptor } from 'react-intl';
import { autoRegisterBusinessMutation, getConfigurationOptions } from '@generated/@tanstack/react-query.gen';
import type { AutoRegisterResponse } from '@generated/types.gen';
import { useLocale } from '~/lib/use-locale';
import { useSwitchLocale } from '~/lib/use-switch-locale';
import { ApiErrorAlert } from '~/components/api-error-alert';
import { LocaleDropdown } from '~/components/locale-dropdown';
import { PasswordInput } from '~/components/password-input';
import { PausedNotice } from '~/components/paused-notice';
import { problemStatus } from '~/lib/api-problem';
import { categoryOptions } from '~/lib/business-categories';
import { issueErrorMap } from '~/lib/form-issues';
import { localizedPath } from '~/lib/locale';
import { defaultDialCode } from '~/lib/phone-field';
import { browserTimeZone } from '~/lib/time-zones';
import { PhoneField } from '~/components/phone-field';
import {
  autoRegisterIssueMessages,
  autoRegisterSchema,
  PASSWORD_MIN_LENGTH,
  toAutoRegisterRequest,
  type AutoRegisterInput,
  type AutoRegisterValues,
} from '../schemas/auto-register-schema';
import { CategoryField } from './category-field';
import { RegionFields, regionFormDefaults } from './region-fields';
import { regionDefaults } from '@common/regions';
import { browserCountry } from '~/lib/region';

/** What the page needs from the identity provider; the route wires the auth feature in. */
export interface AutoRegisterIdentityProvider {
  /**
   * Creates the provider account for e-mail and password and returns a fresh ID token. When the
   * account already exists with this password (an earlier attempt that stopped half-way), it signs in
   * to it instead.
   */
  obtainIdToken: (email: string, password: string) => Promise<string>;
  /** What the password lacks under the provider's policy, translated; null when fine or unknown. */
  checkPassword: (password: string) => Promise<string | null>;
  /** The message for a provider error (and the field it concerns); null when it is not the provider's. */
  describeError: (error: unknown) => { message: MessageDescriptor; field?: 'email' | 'password' } | null;
  /** Ends the provider session after a failed sign-up, so no half sign-in is left behind. */
  signOut: () => Promise<void>;
}

export interface AutoRegisterPageProps {
  identity: AutoRegisterIdentityProvider;
  /** Keeps the new session and opens the next page (the same completion as a sign-in). */
  onRegistered: (response: AutoRegisterResponse) => Promise<void>;
}

const messages = defineMessages({
  emailTaken: {
    id: 'autoRegister.error.emailTaken',
    defaultMessage: 'This e-mail already has a Cita account. Sign in instead, or use another e-mail.',
  },
  notAccepted: {
    id: 'autoRegister.error.notAccepted',
    defaultMessage: 'Cita could not verify this e-mail address for the new account. Check it and try again.',
  },
});

/**
 * /business/auto-register (no layout): the owner and their business in one step: e-mail, password,
 * business name and kind, phone with country, terms. Creates the provider account, then
 * POST /v1/businesses/auto-register with its ID token, then signs in. If signing in fails after the
 * account was created, "Continue" only finishes signing in.
 */
export function AutoRegisterPage({ identity, onRegistered }: AutoRegisterPageProps) {
  const intl = useIntl();
  const locale = useLocale();
  const switchLocale = useSwitchLocale();
  const configuration = useQuery(getConfigurationOptions());
  const autoRegister = useMutation(autoRegisterBusinessMutation());
  const [formError, setFormError] = useState<ReactNode>(null);
  const [registered, setRegistered] = useState<AutoRegisterResponse | null>(null);
  const [finishError, setFinishError] = useState<unknown>(null);
  const [finishing, setFinishing] = useState(false);

  const resolver = useMemo(
    () => zodResolver(autoRegisterSchema, { error: issueErrorMap((descriptor, values) => intl.formatMessage(descriptor, values), autoRegisterIssueMessages) }),
    [intl],
  );
  const form = useForm<AutoRegisterInput, unknown, AutoRegisterValues>({
    resolver,
    mode: 'onTouched',
    defaultValues: {
      email: '',
      name: '',
      password: '',
      businessName: '',
      category: '',
      phone: { countryCode: regionDefaults(browserCountry(), locale).dialCode || defaultDialCode(locale), number: '' },
      promotionsAccepted: false,
      ...regionFormDefaults(browserCountry(), locale),
    },
  });
  const { errors, isSubmitting } = form.formState;
  const categories = useMemo(() => categoryOptions(configuration.data?.configuration.businessCategories, locale), [configuration.data, locale]);

  /** Signs in with the new account; after a failure, "Continue" only retries this. */
  const finish = async (response: AutoRegisterResponse) => {
    setFinishError(null);
    setFinishing(true);
    try {
      await onRegistered(response);
    } catch (error) {
      console.warn('signing in after auto-register failed', error);
      setFinishError(error);
    } finally {
      setFinishing(false);
    }
  };

  const onSubmit = async (values: AutoRegisterValues) => {
    setFormError(null);
    autoRegister.reset();
    const policyProblem = await identity.checkPassword(values.password);
    if (policyProblem) {
      form.setError('password', { message: policyProblem }, { shouldFocus: true });
      return;
    }
    let idToken: string;
    try {
      idToken = await identity.obtainIdToken(values.email, values.password);
    } catch (error) {
      const described = identity.describeError(error);
      if (described?.field) form.setError(described.field, { message: intl.formatMessage(described.message) }, { shouldFocus: true });
      else setFormError(described ? intl.formatMessage(described.message) : <ApiErrorAlert error={error} />);
      return;
    }
    let response: AutoRegisterResponse;
    try {
      response = await autoRegister.mutateAsync({
        headers: { Authorization: `Bearer ${idToken}` },
        body: toAutoRegisterRequest(values, { idToken, locale, timeZone: browserTimeZone() }),
      });
    } catch (error) {
      await identity.signOut().catch(() => undefined);
      const status = problemStatus(error);
      if (status === 409) form.setError('email', { message: intl.formatMessage(messages.emailTaken) }, { shouldFocus: true });
      else if (status === 401 || status === 403 || status === 422) setFormError(intl.formatMessage(messages.notAccepted));
      return;
    }
    setRegistered(response);
    await finish(response);
  };

  const status = problemStatus(autoRegister.error);
  const showApiError = autoRegister.error && status !== 409 && status !== 401 && status !== 403 && status !== 422;
  const loginHref = localizedPath('/login', locale);

  return (
    <Container size={560} py="xl">
      <Group justify="space-between" mb="lg">
        <Group gap={8}>
          <IconRocket size={22} aria-hidden />
          <Text fw={800} fz="lg">
            <FormattedMessage id="autoRegister.brand" defaultMessage="Cita for businesses" />
          </Text>
        </Group>
        <LocaleDropdown value={locale} onChange={switchLocale} />
      </Group>
      <Paper withBorder shadow="sm" p="xl" radius="lg">
        <Stack gap="lg">
          <Stack gap={4}>
            <Title order={1} size="h2">
              <FormattedMessage id="autoRegister.title" defaultMessage="Create your business account" />
            </Title>
            <Text c="dimmed">
              <FormattedMessage id="autoRegister.intro" defaultMessage="One step and you are in: your account and your business, together." />
            </Text>
          </Stack>

          <form onSubmit={form.handleSubmit(onSubmit)} noValidate>
            <Stack gap="md">
              <TextInput
                label={intl.formatMessage({ id: 'autoRegister.email', defaultMessage: 'E-mail' })}
                type="email"
                required
                autoComplete="email"
                disabled={Boolean(registered)}
                error={errors.email?.message}
                {...form.register('email')}
              />
              <TextInput
                label={intl.formatMessage({ id: 'autoRegister.name', defaultMessage: 'Your name' })}
                description={intl.formatMessage({ id: 'autoRegister.name.description', defaultMessage: 'Shown on your calendar and booking page.' })}
                required
                autoComplete="name"
                maxLength={100}
                disabled={Boolean(registered)}
                error={errors.name?.message}
                {...form.register('name')}
              />
              <PasswordInput
                label={intl.formatMessage({ id: 'autoRegister.password', defaultMessage: 'Password' })}
                description={intl.formatMessage(
                  { id: 'autoRegister.password.description', defaultMessage: 'At least {minimum} characters.' },
                  { minimum: PASSWORD_MIN_LENGTH },
                )}
                required
                autoComplete="new-password"
                disabled={Boolean(registered)}
                error={errors.password?.message}
                {...form.register('password')}
              />
              <TextInput
                label={intl.formatMessage({ id: 'autoRegister.businessName', defaultMessage: 'Business name' })}
                required
                autoComplete="organization"
                maxLength={120}
                disabled={Boolean(registered)}
                error={errors.businessName?.message}
                {...form.register('businessName')}
              />
              <CategoryField
                control={form.control}
                name="category"
                label={intl.formatMessage({ id: 'autoRegister.category', defaultMessage: 'Kind of business' })}
                categories={categories}
                configuration={configuration}
                disabled={Boolean(registered)}
                error={errors.category?.message}
              />
              <RegionFields control={form.control} setValue={form.setValue} errors={errors} disabled={Boolean(registered)} />
              <PhoneField
                control={form.control}
                name="phone"
                label={intl.formatMessage({ id: 'autoRegister.phone', defaultMessage: 'Business phone (optional)' })}
                language={locale}
                disabled={Boolean(registered)}
                countryError={errors.phone?.countryCode?.message}
                numberError={errors.phone?.number?.message}
              />
              <Controller
                control={form.control}
                name="termsAccepted"
                render={({ field }) => (
                  <Checkbox
                    label={intl.formatMessage({ id: 'autoRegister.terms', defaultMessage: 'I accept the terms of service and the privacy policy' })}
                    checked={Boolean(field.value)}
                    onChange={(event) => field.onChange(event.currentTarget.checked)}
                    onBlur={field.onBlur}
                    ref={field.ref}
                    disabled={Boolean(registered)}
                    error={errors.termsAccepted?.message}
                  />
                )}
              />
              <Controller
                control={form.control}
                name="promotionsAccepted"
                render={({ field }) => (
                  <Checkbox
                    label={intl.formatMessage({ id: 'autoRegister.promotions', defaultMessage: 'Send me tips and offers by e-mail (optional)' })}
                    checked={Boolean(field.value)}
                    onChange={(event) => field.onChange(event.currentTarget.checked)}
                    onBlur={field.onBlur}
                    disabled={Boolean(registered)}
                  />
                )}
              />

              {formError ? (
                typeof formError === 'string' ? (
                  <Alert color="red" variant="light" icon={<IconAlertCircle size={20} aria-hidden />} role="alert">
                    {formError}
                  </Alert>
                ) : (
                  formError
                )
              ) : null}
              {showApiError ? <ApiErrorAlert error={autoRegister.error} /> : null}
              <PausedNotice paused={autoRegister.isPaused} />
              {finishError ? (
                <ApiErrorAlert
                  error={finishError}
                  title={<FormattedMessage id="autoRegister.created.title" defaultMessage="Your account and business were created" />}
                  messages={{
                    network: <FormattedMessage id="autoRegister.created.network" defaultMessage="But we could not sign you in. Check your connection and press Continue." />,
                    server: <FormattedMessage id="autoRegister.created.server" defaultMessage="But we could not sign you in. Press Continue in a moment." />,
                  }}
                />
              ) : null}

              {registered ? (
                <Button type="button" size="md" loading={finishing} fullWidth onClick={() => void finish(registered)}>
                  <FormattedMessage id="autoRegister.continue" defaultMessage="Continue" />
                </Button>
              ) : (
                <Button type="submit" size="md" loading={isSubmitting} fullWidth>
                  <FormattedMessage id="autoRegister.submit" defaultMessage="Create my account" />
                </Button>
              )}
            </Stack>
          </form>

          <Center>
            <Text size="sm">
              <FormattedMessage
                id="autoRegister.haveAccount"
                defaultMessage="Already have an account? <link>Sign in</link>"
                values={{ link: (chunks: ReactNode[]) => <Anchor href={loginHref}>{chunks}</Anchor> }}
              />
            </Text>
          </Center>
        </Stack>
      </Paper>
    </Container>
  );
}
