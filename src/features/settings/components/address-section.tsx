import { Group, Select, SimpleGrid, TextInput } from '@mantine/core';
import { useMemo } from 'react';
import { Controller } from 'react-hook-form';
import { FormattedMessage, useIntl } from 'react-intl';
import { CountryFlag } from '~/components/country-flag';
import { countries } from '~/lib/countries';
import type { AppLocale } from '~/lib/locale';
import type { SettingsForm } from './settings-form';
import { SettingsSection } from './settings-section';

/** "Address": street, floor, city, postal code, region and the country (with its flag). */
export function AddressSection({ form, locale }: { form: SettingsForm; locale: AppLocale }) {
  const intl = useIntl();
  const address = form.formState.errors.address;
  const countryData = useMemo(
    () => countries(locale).map((country) => ({ value: country.code, label: country.name })),
    [locale],
  );

  return (
    <SettingsSection title={<FormattedMessage id="settings.section.address" defaultMessage="Address" />}>
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
    </SettingsSection>
  );
}
