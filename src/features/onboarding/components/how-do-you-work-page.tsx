import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, NumberInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { FormattedMessage, useIntl } from 'react-intl';
import { createTenantMutation, getConfigurationOptions, updateUserMutation } from '@generated/@tanstack/react-query.gen';
import { refreshSession, useSession } from '~/entities/session/use-session';
import { useLocale } from '~/lib/use-locale';
import { ApiErrorAlert } from '~/components/api-error-alert';
import { LoadError } from '~/components/load-error';
import { PausedNotice } from '~/components/paused-notice';
import { problemFormErrors } from '~/lib/api-problem';
import { categoryOptions } from '~/lib/business-categories';
import { formIssueMessages, issueErrorMap } from '~/lib/form-issues';
import { localeParam } from '~/lib/locale';
import { browserTimeZone } from '~/lib/time-zones';
import {
  howDoYouWorkIssueMessages,
  howDoYouWorkMessages,
  howDoYouWorkSchema,
  toTenantInput,
  type HowDoYouWorkInput,
  type HowDoYouWorkValues,
} from '../schemas/how-do-you-work-schema';
import { CategoryField } from './category-field';
import { ChoiceField } from './choice-field';
import { RegionFields, regionFormDefaults } from './region-fields';
import { browserCountry } from '~/lib/region';

const SERVER_FIELDS = ['businessName', 'category', 'taxPercentage', 'country'] as const;

/**
 * Onboarding step 1 (/onboarding/how-do-you-work): the business name, its category and how it
 * works. Creates the business (POST /v1/tenants), refreshes the session and goes on to the opening
 * hours. If the business was created but the session could not be refreshed, "Continue" only
 * refreshes: a second business is never created.
 */
export function HowDoYouWorkPage() {
  const intl = useIntl();
  const locale = useLocale();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { userEmail, user } = useSession();
  const updateUser = useMutation(updateUserMutation());
  const configuration = useQuery(getConfigurationOptions());
  const createTenant = useMutation(createTenantMutation());
  const [created, setCreated] = useState(false);
  const [refreshError, setRefreshError] = useState<unknown>(null);
  const [finishing, setFinishing] = useState(false);

  const resolver = useMemo(
    () => zodResolver(howDoYouWorkSchema, { error: issueErrorMap((descriptor, values) => intl.formatMessage(descriptor, values), howDoYouWorkIssueMessages) }),
    [intl],
  );
  const form = useForm<HowDoYouWorkInput, unknown, HowDoYouWorkValues>({
    resolver,
    mode: 'onTouched',
    defaultValues: { businessName: '', ownerName: user?.name ?? '', category: '', teamSize: '', ...regionFormDefaults(browserCountry(), locale) },
  });
  const { errors, isSubmitting } = form.formState;
  const teamMode = useWatch({ control: form.control, name: 'teamMode' });

  const categories = useMemo(
    () => categoryOptions(configuration.data?.configuration.businessCategories, locale),
    [configuration.data, locale],
  );

  /** Loads the new business into the session and goes on; after a failure, "Continue" only retries this. */
  const finish = async () => {
    setRefreshError(null);
    setFinishing(true);
    try {
      await refreshSession(queryClient);
    } catch (error) {
      setRefreshError(error);
      return;
    } finally {
      setFinishing(false);
    }
    await navigate({ to: '/{-$locale}/onboarding/opening-hours', params: { locale: localeParam(locale) } });
  };

  const onSubmit = async (values: HowDoYouWorkValues) => {
    if (!userEmail) return;
    // The owner's name first; a failure keeps everything typed and says so at the field.
    if (user && values.ownerName !== user.name) {
      try {
        await updateUser.mutateAsync({ path: { id: user.id }, body: { user: { name: values.ownerName } } });
      } catch {
        form.setError('ownerName', { message: intl.formatMessage(howDoYouWorkMessages.ownerNameNotSaved) }, { shouldFocus: true });
        return;
      }
    }
    try {
      await createTenant.mutateAsync({
        body: { tenant: toTenantInput(values, { email: userEmail, locale, timeZone: browserTimeZone() }) },
      });
    } catch (error) {
      for (const { field } of problemFormErrors(error, { wrapper: 'tenant', known: SERVER_FIELDS })) {
        form.setError(field as (typeof SERVER_FIELDS)[number], { message: intl.formatMessage(formIssueMessages.invalid) });
      }
      return;
    }
    setCreated(true);
    await finish();
  };

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Text size="sm" c="dimmed">
          <FormattedMessage id="onboarding.step" defaultMessage="Step {step} of {total}" values={{ step: 1, total: 2 }} />
        </Text>
        <Title order={1} size="h2">
          <FormattedMessage id="onboarding.how.title" defaultMessage="Tell us about your business" />
        </Title>
        <Text c="dimmed">
          <FormattedMessage
            id="onboarding.how.intro"
            defaultMessage="We will set up Cita the way you work. You can change all of this later in Settings."
          />
        </Text>
      </Stack>

      {!userEmail ? (
        <LoadError
          title={<FormattedMessage id="onboarding.how.noUser.title" defaultMessage="We do not know who you are yet" />}
          description={<FormattedMessage id="onboarding.how.noUser.description" defaultMessage="Sign in again to set up your business." />}
        />
      ) : null}

      <form onSubmit={form.handleSubmit(onSubmit)} noValidate>
        <Stack gap="md">
          <TextInput
            label={intl.formatMessage({ id: 'onboarding.how.ownerName', defaultMessage: 'Your name' })}
            description={intl.formatMessage({
              id: 'onboarding.how.ownerName.description',
              defaultMessage: 'Shown on your calendar and to customers on your booking page, instead of your e-mail.',
            })}
            autoComplete="name"
            required
            maxLength={100}
            disabled={created}
            error={errors.ownerName?.message}
            {...form.register('ownerName')}
          />

          <TextInput
            label={intl.formatMessage({ id: 'onboarding.how.businessName', defaultMessage: 'Business name' })}
            placeholder={intl.formatMessage({ id: 'onboarding.how.businessName.placeholder', defaultMessage: 'e.g. Ana’s Hair Studio' })}
            required
            autoComplete="organization"
            maxLength={120}
            disabled={created}
            error={errors.businessName?.message}
            {...form.register('businessName')}
          />

          <CategoryField
            control={form.control}
            name="category"
            label={intl.formatMessage({ id: 'onboarding.how.category', defaultMessage: 'What kind of business is it?' })}
            categories={categories}
            configuration={configuration}
            disabled={created}
            error={errors.category?.message}
          />

          <RegionFields control={form.control} setValue={form.setValue} errors={errors} disabled={created} />

          <ChoiceField
            control={form.control}
            name="teamMode"
            inline
            label={intl.formatMessage({ id: 'onboarding.how.teamMode', defaultMessage: 'Do you work alone or with a team?' })}
            options={[
              { value: 'TEAM_MODE_ALONE', label: intl.formatMessage({ id: 'onboarding.how.teamMode.alone', defaultMessage: 'Alone' }) },
              { value: 'TEAM_MODE_WITH_TEAM', label: intl.formatMessage({ id: 'onboarding.how.teamMode.team', defaultMessage: 'With a team' }) },
            ]}
            disabled={created}
            error={errors.teamMode?.message}
          />

          {teamMode === 'TEAM_MODE_WITH_TEAM' ? (
            <Controller
              control={form.control}
              name="teamSize"
              render={({ field }) => (
                <NumberInput
                  label={intl.formatMessage({ id: 'onboarding.how.teamSize', defaultMessage: 'How many people work in the business, you included?' })}
                  description={intl.formatMessage({ id: 'onboarding.how.teamSize.description', defaultMessage: 'An estimate is fine.' })}
                  min={1}
                  max={1000}
                  allowDecimal={false}
                  allowNegative={false}
                  w={200}
                  value={typeof field.value === 'number' ? field.value : ''}
                  onChange={(value) => field.onChange(value)}
                  onBlur={field.onBlur}
                  disabled={created}
                  error={errors.teamSize?.message}
                />
              )}
            />
          ) : null}

          <ChoiceField
            control={form.control}
            name="bookingMode"
            label={intl.formatMessage({ id: 'onboarding.how.bookingMode', defaultMessage: 'How do your customers come to you?' })}
            options={[
              { value: 'BOOKING_MODE_APPOINTMENTS_ONLY', label: intl.formatMessage({ id: 'onboarding.how.bookingMode.appointments', defaultMessage: 'By appointment' }) },
              { value: 'BOOKING_MODE_WALK_IN_ONLY', label: intl.formatMessage({ id: 'onboarding.how.bookingMode.walkIn', defaultMessage: 'They walk in without an appointment' }) },
              { value: 'BOOKING_MODE_APPOINTMENTS_AND_WALK_IN', label: intl.formatMessage({ id: 'onboarding.how.bookingMode.both', defaultMessage: 'Both' }) },
            ]}
            disabled={created}
            error={errors.bookingMode?.message}
          />

          <ChoiceField
            control={form.control}
            name="serviceLocation"
            label={intl.formatMessage({ id: 'onboarding.how.serviceLocation', defaultMessage: 'Where do you serve your customers?' })}
            options={[
              { value: 'SERVICE_LOCATION_AT_BUSINESS', label: intl.formatMessage({ id: 'onboarding.how.serviceLocation.business', defaultMessage: 'At my premises' }) },
              { value: 'SERVICE_LOCATION_AT_CUSTOMER', label: intl.formatMessage({ id: 'onboarding.how.serviceLocation.customer', defaultMessage: 'At my customers’ place' }) },
              { value: 'SERVICE_LOCATION_BOTH', label: intl.formatMessage({ id: 'onboarding.how.serviceLocation.both', defaultMessage: 'Both' }) },
            ]}
            disabled={created}
            error={errors.serviceLocation?.message}
          />

          <ApiErrorAlert error={createTenant.error} />
          <PausedNotice paused={createTenant.isPaused} />
          {refreshError ? (
            <ApiErrorAlert
              error={refreshError}
              title={<FormattedMessage id="onboarding.how.created.title" defaultMessage="Your business was created" />}
              messages={{
                network: (
                  <FormattedMessage
                    id="onboarding.how.created.network"
                    defaultMessage="But we could not load it. Check your connection and press Continue again."
                  />
                ),
                server: (
                  <FormattedMessage id="onboarding.how.created.server" defaultMessage="But we could not load it. Press Continue again in a moment." />
                ),
              }}
            />
          ) : null}

          <Group justify="flex-end">
            {created ? (
              <Button type="button" onClick={() => void finish()} loading={finishing} rightSection={<IconArrowRight size={16} aria-hidden />}>
                <FormattedMessage id="onboarding.continue" defaultMessage="Continue" />
              </Button>
            ) : (
              <Button type="submit" loading={isSubmitting} disabled={!userEmail} rightSection={<IconArrowRight size={16} aria-hidden />}>
                <FormattedMessage id="onboarding.continue" defaultMessage="Continue" />
              </Button>
            )}
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
