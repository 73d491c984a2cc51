import { Fieldset, Select, SimpleGrid, Text, TextInput } from '@mantine/core';
import { useMemo } from 'react';
import { Controller, useWatch, type Control, type FieldErrors, type UseFormSetValue } from 'react-hook-form';
import { FormattedMessage, useIntl } from 'react-intl';
import { REGIONS, regionDefaults } from '@common/regions';
import { PercentField } from '~/components/number-field';
import { regionCountryOptions } from '~/lib/region';

/** The form values the region fields edit (see regionFieldsShape). */
export interface RegionFieldValues {
  country: string;
  currencyCode: string;
  taxPercentage?: number | string | undefined;
  taxName: string;
}

/** A form's initial region values for a country: its currency, its tax rate ('' when the owner enters it) and name. */
export function regionFormDefaults(country: string, language: string): RegionFieldValues {
  const defaults = regionDefaults(country, language);
  return {
    country: defaults.country,
    currencyCode: defaults.currency,
    taxPercentage: defaults.taxRateEntered ? '' : defaults.taxPercentage,
    taxName: defaults.taxName ?? '',
  };
}

/**
 * "Where is your business?": the country (detected, editable) and what follows from it: the currency,
 * the tax's name and rate. Choosing a country proposes its currency and tax; each stays editable. The
 * United States' sales tax depends on the place, so its rate is left for the owner to enter.
 */
export function RegionFields({
  control,
  setValue,
  errors,
  disabled,
}: {
  // The form is any form with the four region fields (regionFieldsShape); their names are fixed.
  control: unknown;
  setValue: unknown;
  errors: unknown;
  disabled?: boolean;
}) {
  const intl = useIntl();
  const ctl = control as Control<RegionFieldValues>;
  const set = setValue as UseFormSetValue<RegionFieldValues>;
  const errs = errors as FieldErrors<RegionFieldValues>;
  const countries = useMemo(() => regionCountryOptions(intl.locale), [intl.locale]);
  const currencies = useMemo(() => [...new Set(REGIONS.map((region) => region.currency))].sort(), []);
  const country = useWatch({ control: ctl, name: 'country' });
  // How the business will charge (derived from the country when it is created; Settings › Billing after).
  const { taxRateEntered: entered, pricesIncludeTax: includes } = regionDefaults(country, intl.locale);

  return (
    <Fieldset legend={intl.formatMessage({ id: 'onboarding.region.legend', defaultMessage: 'Where is your business?' })} variant="unstyled">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Controller
          control={ctl}
          name="country"
          render={({ field }) => (
            <Select
              label={intl.formatMessage({ id: 'onboarding.region.country', defaultMessage: 'Country' })}
              required
              searchable
              allowDeselect={false}
              data={countries}
              value={field.value || null}
              onChange={(value) => {
                field.onChange(value ?? '');
                if (!value) return;
                const next = regionFormDefaults(value, intl.locale);
                set('currencyCode', next.currencyCode, { shouldDirty: true });
                set('taxPercentage', next.taxPercentage, { shouldDirty: true });
                set('taxName', next.taxName, { shouldDirty: true });
              }}
              onBlur={field.onBlur}
              disabled={disabled}
              error={errs.country?.message}
              nothingFoundMessage={intl.formatMessage({ id: 'onboarding.region.country.none', defaultMessage: 'No country matches.' })}
            />
          )}
        />
        <Controller
          control={ctl}
          name="currencyCode"
          render={({ field }) => (
            <Select
              label={intl.formatMessage({ id: 'onboarding.region.currency', defaultMessage: 'Currency' })}
              required
              allowDeselect={false}
              data={currencies}
              value={field.value || null}
              onChange={(value) => field.onChange(value ?? '')}
              onBlur={field.onBlur}
              disabled={disabled}
              error={errs.currencyCode?.message}
            />
          )}
        />
        <Controller
          control={ctl}
          name="taxName"
          render={({ field }) => (
            <TextInput
              label={intl.formatMessage({ id: 'onboarding.region.taxName', defaultMessage: 'Name of the tax' })}
              description={intl.formatMessage({ id: 'onboarding.region.taxName.description', defaultMessage: 'As your receipts call it, e.g. VAT. Empty if you charge none.' })}
              maxLength={40}
              disabled={disabled}
              error={errs.taxName?.message}
              value={field.value ?? ''}
              onChange={(event) => field.onChange(event.currentTarget.value)}
              onBlur={field.onBlur}
              ref={field.ref}
            />
          )}
        />
        <PercentField
          control={ctl}
          name="taxPercentage"
          label={intl.formatMessage({ id: 'onboarding.region.taxRate', defaultMessage: 'Tax rate' })}
          description={
            entered
              ? intl.formatMessage({ id: 'onboarding.region.taxRate.entered', defaultMessage: 'Your combined state and local sales tax rate, added on top of your prices at the till.' })
              : includes
                ? intl.formatMessage({ id: 'onboarding.region.taxRate.included', defaultMessage: 'Included in your prices: a price is what the customer pays. 0 if you charge no tax.' })
                : intl.formatMessage({ id: 'onboarding.region.taxRate.description', defaultMessage: 'Added on top of your prices at the till. 0 if you charge no tax.' })
          }
          required
          disabled={disabled}
          error={errs.taxPercentage?.message}
        />
      </SimpleGrid>
      <Text size="xs" c="dimmed" mt="xs">
        <FormattedMessage id="onboarding.region.later" defaultMessage="You can change these later in Settings." />
      </Text>
    </Fieldset>
  );
}
