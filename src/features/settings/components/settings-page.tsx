import { Button, Card, Group, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, type ReactNode } from 'react';
import { Controller } from 'react-hook-form';
import { FormattedMessage, useIntl } from 'react-intl';
import { getConfigurationOptions, listCurrenciesOptions, updateTenantMutation } from '@generated/@tanstack/react-query.gen';
import type { Tenant } from '@generated/types.gen';
import { refreshSession, setSession } from '~/app/session/use-session';
import { useIsManager } from '~/app/session/use-team-role';
import { useLocale } from '~/app/use-locale';
import { ApiErrorAlert } from '~/components/api-error-alert';
import { CountryFlag } from '~/components/country-flag';
import { OpeningHoursEditor } from '~/components/opening-hours-editor';
import { PausedNotice } from '~/components/paused-notice';
import { TimeZoneSelect } from '~/components/time-zone-select';
import { UnsavedChangesGuard } from '~/components/unsaved-changes-guard';
import { asProblem, problemFormErrors } from '~/lib/api-problem';
import { categoryOptions } from '~/lib/business-categories';
import { countries } from '~/lib/countries';
import { formIssueMessages } from '~/lib/form-issues';
import { LOCALE_NAMES, LOCALES } from '~/lib/locale';
import { NumberField } from '~/components/number-field';
import { PhoneField } from '~/components/phone-field';
import { useZodForm } from '~/lib/use-zod-form';
import {
  settingsFromTenant,
  settingsIssueMessages,
  settingsMessages,
  settingsSchema,
  toTenantUpdate,
  type SettingsValues,
} from '../schemas/settings-schema';
import { BusinessImages } from './business-images';
import { OnlineBookingSection, RemindersSection } from './online-booking-section';

/** API field → form field, for the server's 422 field errors. */
const SERVER_FIELD_MAP = {
  phoneNumber: 'phone.number',
  phoneCountryCode: 'phone.countryCode',
  currency: 'currencyCode',
  opening_hours: 'schedule',
};
const SERVER_FIELDS = [
  'businessName',
  'email',
  'phone.number',
  'phone.countryCode',
  'category',
  'address.line1',
  'address.line2',
  'address.city',
  'address.postalCode',
  'address.region',
  'address.country',
  'taxId',
  'currencyCode',
  'taxPercentage',
  'timeZone',
  'locale',
  'schedule',
  'onlineBooking.slug',
  'onlineBooking.horizonDays',
  'onlineBooking.minimumNoticeMinutes',
  'cancellationCutoffMinutes',
] as const;
type ServerField = (typeof SERVER_FIELDS)[number];

function Section({ title, description, children }: { title: ReactNode; description?: ReactNode; children: ReactNode }) {
  return (
    <Card withBorder radius="lg" padding="lg" component="section">
      <Stack gap="md">
        <Stack gap={2}>
          <Title order={2} size="h4">
            {title}
          </Title>
          {description ? (
            <Text size="sm" c="dimmed">
              {description}
            </Text>
          ) : null}
        </Stack>
        {children}
      </Stack>
    </Card>
  );
}

/**
 * /settings: the business (name, contact, category, address, tax id, currency and tax, time zone,
 * language, opening hours). Saves the whole form with PUT /v1/tenants/{tenantId}, refreshes the
 * session and confirms with a notification. A failed save keeps everything typed.
 */
export function SettingsPage({ tenant }: { tenant: Tenant }) {
  const intl = useIntl();
  const locale = useLocale();
  const queryClient = useQueryClient();
  const configuration = useQuery(getConfigurationOptions());
  const currencies = useQuery(listCurrenciesOptions());
  const updateTenant = useMutation(updateTenantMutation());
  // Online booking, reminders and cancellation: owners and administrators change them; members read them.
  const readOnly = useIsManager(tenant) !== true;

  const form = useZodForm(settingsSchema, settingsIssueMessages, { defaultValues: settingsFromTenant(tenant, locale) });
  const { errors, isSubmitting, isDirty } = form.formState;

  const categories = useMemo(
    () => categoryOptions(configuration.data?.configuration.businessCategories, locale, tenant.category),
    [configuration.data, locale, tenant.category],
  );
  const currencyData = useMemo(() => {
    const items = currencies.data?.items ?? [];
    const data = items.map((currency) => ({ value: currency.code, label: `${currency.code} · ${currency.name} (${currency.symbol})` }));
    const saved = tenant.currency.currencyCode;
    if (!data.some((item) => item.value === saved)) data.unshift({ value: saved, label: `${saved} (${tenant.currencySymbol})` });
    return data;
  }, [currencies.data, tenant.currency.currencyCode, tenant.currencySymbol]);
  const countryData = useMemo(
    () => countries(locale).map((country) => ({ value: country.code, label: country.name })),
    [locale],
  );
  const localeData = LOCALES.map((value) => ({ value, label: LOCALE_NAMES[value] }));

  const onSubmit = async (values: SettingsValues) => {
    let saved: Tenant;
    try {
      const response = await updateTenant.mutateAsync({ path: { tenantId: tenant.id }, body: { tenant: toTenantUpdate(values, tenant) } });
      saved = response.tenant;
    } catch (error) {
      const problem = asProblem(error);
      if (problem?.status === 409 && problem.code === 'slug_taken') {
        form.setError('onlineBooking.slug', { message: intl.formatMessage(settingsMessages.slugTaken) }, { shouldFocus: true });
        return;
      }
      for (const { field } of problemFormErrors(error, { wrapper: 'tenant', fieldMap: SERVER_FIELD_MAP, known: SERVER_FIELDS })) {
        form.setError(field as ServerField, { message: intl.formatMessage(formIssueMessages.invalid) });
      }
      return;
    }
    form.reset(settingsFromTenant(saved, locale));
    try {
      await refreshSession(queryClient);
    } catch (error) {
      // Saved; the session still gets the new business from the answer.
      console.warn('session refresh after saving settings failed', error);
      setSession({ tenant: saved });
    }
    notifications.show({
      color: 'green',
      title: intl.formatMessage({ id: 'settings.saved.title', defaultMessage: 'Settings saved' }),
      message: intl.formatMessage({ id: 'settings.saved.message', defaultMessage: 'Your business details are up to date.' }),
    });
  };

  const address = errors.address;

  return (
    <Stack gap="lg" maw={960}>
      <UnsavedChangesGuard when={isDirty && !isSubmitting} />
      <Stack gap={4}>
        <Title order={1}>
          <FormattedMessage id="settings.title" defaultMessage="Settings" />
        </Title>
        <Text c="dimmed">
          <FormattedMessage id="settings.intro" defaultMessage="How your business appears to your customers and how Cita works for you." />
        </Text>
      </Stack>

      <BusinessImages tenant={tenant} />

      <form onSubmit={form.handleSubmit(onSubmit)} noValidate>
        <Stack gap="lg">
          <Section title={<FormattedMessage id="settings.section.business" defaultMessage="Business" />}>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput
                label={intl.formatMessage({ id: 'settings.businessName', defaultMessage: 'Business name' })}
                required
                maxLength={120}
                autoComplete="organization"
                error={errors.businessName?.message}
                {...form.register('businessName')}
              />
              <TextInput
                label={intl.formatMessage({ id: 'settings.email', defaultMessage: 'Business e-mail' })}
                description={intl.formatMessage({ id: 'settings.email.description', defaultMessage: 'Customers and invoices show this address.' })}
                type="email"
                required
                autoComplete="email"
                error={errors.email?.message}
                {...form.register('email')}
              />
              <PhoneField
                control={form.control}
                name="phone"
                label={intl.formatMessage({ id: 'settings.phone', defaultMessage: 'Business phone' })}
                language={locale}
                countryError={errors.phone?.countryCode?.message}
                numberError={errors.phone?.number?.message}
              />
              <Controller
                control={form.control}
                name="category"
                render={({ field }) => (
                  <Select
                    label={intl.formatMessage({ id: 'settings.category', defaultMessage: 'Kind of business' })}
                    placeholder={configuration.isError ? intl.formatMessage({ id: 'settings.category.error', defaultMessage: 'The list could not be loaded' }) : undefined}
                    searchable
                    clearable
                    data={categories}
                    value={field.value || null}
                    onChange={(value) => field.onChange(value ?? '')}
                    onBlur={field.onBlur}
                    disabled={configuration.isPending}
                    nothingFoundMessage={intl.formatMessage({ id: 'settings.category.none', defaultMessage: 'No options.' })}
                    error={errors.category?.message}
                  />
                )}
              />
            </SimpleGrid>
          </Section>

          <Section title={<FormattedMessage id="settings.section.address" defaultMessage="Address" />}>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput
                label={intl.formatMessage({ id: 'settings.address.line1', defaultMessage: 'Street and number' })}
                autoComplete="address-line1"
                maxLength={200}
                error={address?.line1?.message}
                {...form.register('address.line1')}
              />
              <TextInput
                label={intl.formatMessage({ id: 'settings.address.line2', defaultMessage: 'Floor, door, building (optional)' })}
                autoComplete="address-line2"
                maxLength={200}
                error={address?.line2?.message}
                {...form.register('address.line2')}
              />
              <TextInput
                label={intl.formatMessage({ id: 'settings.address.city', defaultMessage: 'City' })}
                autoComplete="address-level2"
                maxLength={100}
                error={address?.city?.message}
                {...form.register('address.city')}
              />
              <TextInput
                label={intl.formatMessage({ id: 'settings.address.postalCode', defaultMessage: 'Postal code' })}
                autoComplete="postal-code"
                maxLength={20}
                error={address?.postalCode?.message}
                {...form.register('address.postalCode')}
              />
              <TextInput
                label={intl.formatMessage({ id: 'settings.address.region', defaultMessage: 'Province or region' })}
                autoComplete="address-level1"
                maxLength={100}
                error={address?.region?.message}
                {...form.register('address.region')}
              />
              <Controller
                control={form.control}
                name="address.country"
                render={({ field }) => (
                  <Select
                    label={intl.formatMessage({ id: 'settings.address.country', defaultMessage: 'Country' })}
                    searchable
                    clearable
                    data={countryData}
                    renderOption={({ option }) => (
                      <Group gap="xs" wrap="nowrap">
                        <CountryFlag code={option.value} />
                        <span>{option.label}</span>
                      </Group>
                    )}
                    leftSection={field.value ? <CountryFlag code={field.value} /> : null}
                    comboboxProps={{ keepMounted: false }}
                    value={field.value || null}
                    onChange={(value) => field.onChange(value ?? '')}
                    onBlur={field.onBlur}
                    nothingFoundMessage={intl.formatMessage({ id: 'settings.address.country.none', defaultMessage: 'No country matches.' })}
                    error={address?.country?.message}
                  />
                )}
              />
            </SimpleGrid>
          </Section>

          <Section
            title={<FormattedMessage id="settings.section.billing" defaultMessage="Billing" />}
            description={<FormattedMessage id="settings.section.billing.description" defaultMessage="Used on sales and invoices." />}
          >
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <TextInput
                label={intl.formatMessage({ id: 'settings.taxId', defaultMessage: 'Tax ID' })}
                description={intl.formatMessage({ id: 'settings.taxId.description', defaultMessage: 'Your VAT or tax identification number.' })}
                maxLength={30}
                error={errors.taxId?.message}
                {...form.register('taxId')}
              />
              <Controller
                control={form.control}
                name="currencyCode"
                render={({ field }) => (
                  <Select
                    label={intl.formatMessage({ id: 'settings.currency', defaultMessage: 'Currency' })}
                    description={currencies.isError ? intl.formatMessage({ id: 'settings.currency.error', defaultMessage: 'The list of currencies could not be loaded.' }) : undefined}
                    required
                    searchable
                    allowDeselect={false}
                    data={currencyData}
                    value={field.value || null}
                    onChange={(value) => field.onChange(value ?? '')}
                    onBlur={field.onBlur}
                    nothingFoundMessage={intl.formatMessage({ id: 'settings.currency.none', defaultMessage: 'No currency matches.' })}
                    error={errors.currencyCode?.message}
                  />
                )}
              />
              <NumberField
                control={form.control}
                name="taxPercentage"
                label={intl.formatMessage({ id: 'settings.taxPercentage', defaultMessage: 'Tax percentage' })}
                description={intl.formatMessage({ id: 'settings.taxPercentage.description', defaultMessage: 'Added to your prices, e.g. 21 for 21 % VAT.' })}
                required
                min={0}
                max={100}
                decimalScale={2}
                allowNegative={false}
                suffix=" %"
                error={errors.taxPercentage?.message}
              />
            </SimpleGrid>
          </Section>

          <Section title={<FormattedMessage id="settings.section.region" defaultMessage="Region and language" />}>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <Controller
                control={form.control}
                name="timeZone"
                render={({ field }) => (
                  <TimeZoneSelect
                    label={intl.formatMessage({ id: 'settings.timeZone', defaultMessage: 'Time zone' })}
                    description={intl.formatMessage({ id: 'settings.timeZone.description', defaultMessage: 'Appointments and opening hours are in this time zone.' })}
                    required
                    value={field.value}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    error={errors.timeZone?.message}
                  />
                )}
              />
              <Controller
                control={form.control}
                name="locale"
                render={({ field }) => (
                  <Select
                    label={intl.formatMessage({ id: 'settings.locale', defaultMessage: 'Business language' })}
                    description={intl.formatMessage({ id: 'settings.locale.description', defaultMessage: 'Messages to your customers are written in this language.' })}
                    required
                    allowDeselect={false}
                    data={localeData}
                    value={field.value ?? null}
                    onChange={(value) => field.onChange(value ?? undefined)}
                    onBlur={field.onBlur}
                    error={errors.locale?.message}
                  />
                )}
              />
            </SimpleGrid>
          </Section>

          <Section
            title={<FormattedMessage id="settings.section.hours" defaultMessage="Opening hours" />}
            description={<FormattedMessage id="settings.section.hours.description" defaultMessage="Appointments can only be booked within these hours." />}
          >
            <Controller
              control={form.control}
              name="schedule"
              render={({ field }) => <OpeningHoursEditor value={field.value} onChange={field.onChange} disabled={isSubmitting} />}
            />
            {errors.schedule?.message ? (
              <Text c="red" size="sm" role="alert">
                {errors.schedule.message}
              </Text>
            ) : null}
          </Section>

          <Section
            title={<FormattedMessage id="settings.section.onlineBooking" defaultMessage="Online booking" />}
            description={<FormattedMessage id="settings.section.onlineBooking.description" defaultMessage="A page where your customers book by themselves, with no account." />}
          >
            <OnlineBookingSection form={form} readOnly={readOnly} savedSlug={tenant.onlineBooking?.slug} savedEnabled={tenant.onlineBooking?.enabled === true} locale={locale} />
          </Section>

          <Section
            title={<FormattedMessage id="settings.section.reminders" defaultMessage="Reminders and cancellation" />}
            description={<FormattedMessage id="settings.section.reminders.description" defaultMessage="What your customers receive before an appointment, and until when they can cancel it themselves." />}
          >
            <RemindersSection form={form} readOnly={readOnly} />
          </Section>

          <ApiErrorAlert error={asProblem(updateTenant.error)?.code === 'slug_taken' ? null : updateTenant.error} />
          <PausedNotice paused={updateTenant.isPaused} />
          {Object.keys(errors).length > 0 ? (
            <Text c="red" size="sm" role="alert">
              <FormattedMessage id="settings.invalid" defaultMessage="Some fields need your attention; they are marked in red." />
            </Text>
          ) : null}

          <Group justify="flex-end">
            <Button type="submit" loading={isSubmitting} leftSection={<IconDeviceFloppy size={16} aria-hidden />}>
              <FormattedMessage id="settings.save" defaultMessage="Save changes" />
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
