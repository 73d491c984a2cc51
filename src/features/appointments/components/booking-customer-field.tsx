import { Group, Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { Controller, useWatch } from 'react-hook-form';
import { useIntl } from 'react-intl';
import { searchCustomersOptions } from '@generated/@tanstack/react-query.gen';
import type { BookingFormApi } from '../hooks/use-booking-form';
import { QuickCustomerModal } from './quick-customer-modal';

/** The booking's customer: searched as you type (name, phone or e-mail), or created on the spot. */
export function BookingCustomerField({ tenantId, form }: { tenantId: string; form: BookingFormApi }) {
  const intl = useIntl();
  const { control, setValue } = form;
  const errors = form.formState.errors;
  const customerSearch = useWatch({ control, name: 'customerLabel' });
  const setCustomerSearch = (value: string) => setValue('customerLabel', value);
  const [pattern] = useDebouncedValue(customerSearch.trim(), 250);
  const customers = useQuery({
    ...searchCustomersOptions({ path: { tenantId, pattern }, query: { limit: 10 } }),
    enabled: pattern.length >= 2,
    staleTime: 30_000,
  });
  const customerId = useWatch({ control, name: 'customerId' });
  const customerOptions = (customers.data?.items ?? []).map((customer) => ({
    value: customer.id,
    label: [customer.name, customer.lastName].filter(Boolean).join(' ') + (customer.phoneNumber ? ` · ${customer.phoneNumber}` : ''),
  }));
  if (customerId && !customerOptions.some((option) => option.value === customerId)) customerOptions.unshift({ value: customerId, label: customerSearch });

  return (
    // On a phone the "New customer" button goes under the field rather than squeezing it (issue 18).
    <Group align="flex-end" gap="sm" wrap="wrap">
      <Controller
        control={control}
        name="customerId"
        render={({ field }) => (
          <Select
            style={{ flex: '1 1 16rem', minWidth: 0 }}
            searchable
            required
            label={intl.formatMessage({ id: 'appointments.form.customer', defaultMessage: 'Customer' })}
            placeholder={intl.formatMessage({ id: 'appointments.form.customer.placeholder', defaultMessage: 'Type a name, phone or e-mail' })}
            data={customerOptions}
            value={field.value || null}
            searchValue={customerSearch}
            onSearchChange={setCustomerSearch}
            filter={({ options }) => options}
            nothingFoundMessage={
              pattern.length >= 2 && !customers.isFetching
                ? intl.formatMessage({ id: 'appointments.form.customer.none', defaultMessage: 'No customer matches; create one with the button.' })
                : intl.formatMessage({ id: 'appointments.form.customer.typeMore', defaultMessage: 'Type at least 2 characters.' })
            }
            onChange={(value) => {
              field.onChange(value ?? '');
              const option = customerOptions.find((item) => item.value === value);
              if (option) setValue('customerLabel', option.label);
            }}
            onBlur={field.onBlur}
            error={errors.customerId?.message}
          />
        )}
      />
      <QuickCustomerModal
        tenantId={tenantId}
        onCreated={(customer) => {
          setValue('customerLabel', [customer.name, customer.lastName].filter(Boolean).join(' '));
          setValue('customerId', customer.id, { shouldValidate: true });
        }}
      />
    </Group>
  );
}
