import { Select, SimpleGrid, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Controller } from 'react-hook-form';
import { FormattedMessage, useIntl } from 'react-intl';
import { getConfigurationOptions } from '@generated/@tanstack/react-query.gen';
import { PhoneField } from '~/components/phone-field';
import { categoryOptions } from '~/lib/business-categories';
import type { AppLocale } from '~/lib/locale';
import type { SettingsForm } from './settings-form';
import { SettingsSection } from './settings-section';

/** "Business": its name, e-mail, phone and kind. */
export function BusinessSection({ form, locale, savedCategory }: { form: SettingsForm; locale: AppLocale; savedCategory: string | undefined }) {
  const intl = useIntl();
  const { errors } = form.formState;
  const configuration = useQuery(getConfigurationOptions());
  const categories = useMemo(
    () => categoryOptions(configuration.data?.configuration.businessCategories, locale, savedCategory),
    [configuration.data, locale, savedCategory],
  );

  return (
    <SettingsSection title={<FormattedMessage id="settings.section.business" defaultMessage="Business" />}>
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
    </SettingsSection>
  );
}
