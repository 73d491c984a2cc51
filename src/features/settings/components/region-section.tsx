import { Select, SimpleGrid } from '@mantine/core';
import { Controller } from 'react-hook-form';
import { FormattedMessage, useIntl } from 'react-intl';
import { TimeZoneSelect } from '~/components/time-zone-select';
import { LOCALE_NAMES, LOCALES } from '~/lib/locale';
import { regionCountryOptions } from '~/lib/region';
import type { SettingsForm } from './settings-form';
import { SettingsSection } from './settings-section';

const localeData = LOCALES.map((value) => ({ value, label: LOCALE_NAMES[value] }));

/** "Region and language": the business's time zone and the language of its messages to customers. */
export function RegionSection({ form }: { form: SettingsForm }) {
  const intl = useIntl();
  const { errors } = form.formState;
  return (
    <SettingsSection title={<FormattedMessage id="settings.section.region" defaultMessage="Region and language" />}>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Controller
          control={form.control}
          name="country"
          render={({ field }) => (
            <Select
              label={intl.formatMessage({ id: 'settings.country', defaultMessage: 'Country of the business' })}
              description={intl.formatMessage({
                id: 'settings.country.description',
                defaultMessage: 'Where your business is. Changing it does not change your currency or tax: set them under Billing.',
              })}
              searchable
              allowDeselect={false}
              data={regionCountryOptions(intl.locale)}
              value={field.value || null}
              onChange={(value) => field.onChange(value ?? '')}
              onBlur={field.onBlur}
              error={errors.country?.message}
            />
          )}
        />
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
    </SettingsSection>
  );
}
