import { Select, SimpleGrid, Switch, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { FormattedMessage, useIntl } from 'react-intl';
import { listCurrenciesOptions } from '@generated/@tanstack/react-query.gen';
import type { Tenant } from '@generated/types.gen';
import { PercentField } from '~/components/number-field';
import type { SettingsForm } from './settings-form';
import { SettingsSection } from './settings-section';

/** "Billing": the tax id, the currency (the saved one stays offered) and the tax percentage. */
export function BillingSection({ form, tenant }: { form: SettingsForm; tenant: Pick<Tenant, 'currency' | 'currencySymbol'> }) {
  const intl = useIntl();
  const { errors } = form.formState;
  const includesTax = useWatch({ control: form.control, name: 'pricesIncludeTax' });
  const currencies = useQuery(listCurrenciesOptions());
  const currencyData = useMemo(() => {
    const items = currencies.data?.items ?? [];
    const data = items.map((currency) => ({ value: currency.code, label: `${currency.code} · ${currency.name} (${currency.symbol})` }));
    const saved = tenant.currency.currencyCode;
    if (!data.some((item) => item.value === saved)) data.unshift({ value: saved, label: `${saved} (${tenant.currencySymbol})` });
    return data;
  }, [currencies.data, tenant.currency.currencyCode, tenant.currencySymbol]);

  return (
    <SettingsSection
      title={<FormattedMessage id="settings.section.billing" defaultMessage="Billing" />}
      description={<FormattedMessage id="settings.section.billing.description" defaultMessage="Used on sales and invoices." />}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
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
        <TextInput
          label={intl.formatMessage({ id: 'settings.taxName', defaultMessage: 'Name of the tax' })}
          description={intl.formatMessage({ id: 'settings.taxName.description', defaultMessage: 'As your receipts call it, e.g. IVA or Sales tax.' })}
          maxLength={40}
          error={errors.taxName?.message}
          {...form.register('taxName')}
        />
        <PercentField
          control={form.control}
          name="taxPercentage"
          label={intl.formatMessage({ id: 'settings.taxPercentage', defaultMessage: 'Tax percentage' })}
          description={
            includesTax
              ? intl.formatMessage({ id: 'settings.taxPercentage.included', defaultMessage: 'Included in your prices, e.g. 21 for 21 % IVA.' })
              : intl.formatMessage({ id: 'settings.taxPercentage.description', defaultMessage: 'Added on top of your prices at the till, e.g. 8.875 for 8.875 % sales tax.' })
          }
          required
          error={errors.taxPercentage?.message}
        />
        <Controller
          control={form.control}
          name="pricesIncludeTax"
          render={({ field }) => (
            <Switch
              label={intl.formatMessage({ id: 'settings.pricesIncludeTax', defaultMessage: 'Prices include tax' })}
              description={intl.formatMessage({
                id: 'settings.pricesIncludeTax.description',
                defaultMessage: 'On: tax is included in your prices (as with IVA in Spain). Off: the till adds tax on top of them (as with US sales tax). It cannot change after your first sale.',
              })}
              checked={field.value}
              onChange={(event) => field.onChange(event.currentTarget.checked)}
              onBlur={field.onBlur}
              ref={field.ref}
              error={errors.pricesIncludeTax?.message}
            />
          )}
        />
      </SimpleGrid>
    </SettingsSection>
  );
}
