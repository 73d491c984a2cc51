import { Select, type SelectProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { getCustomerOptions, searchCustomersOptions } from '@generated/@tanstack/react-query.gen';

const m = defineMessages({
  placeholder: { id: 'customer.picker.placeholder', defaultMessage: 'Search by name or phone' },
  clear: { id: 'customer.picker.clear', defaultMessage: 'Clear the customer' },
  none: { id: 'customer.picker.none', defaultMessage: 'No customer matches' },
  loading: { id: 'customer.picker.loading', defaultMessage: 'Loading customer…' },
  gone: { id: 'customer.picker.gone', defaultMessage: 'This customer no longer exists.' },
});

const nameOf = (customer: { name: string; lastName?: string | null }) => [customer.name, customer.lastName].filter(Boolean).join(' ');

/**
 * A customer chosen by searching as you type (name, phone or e-mail): the sales list's and the
 * portfolio's customer filters and the portfolio form's customer. The chosen one is named (from
 * `knownName`, else read); a chosen customer that no longer exists says so.
 */
export function CustomerPicker({
  tenantId,
  value,
  onChange,
  label,
  description,
  placeholder,
  clearLabel,
  knownName,
  error,
  disabled,
  w,
}: {
  tenantId: string;
  value: string | null;
  onChange: (customerId: string | null) => void;
  label: ReactNode;
  description?: ReactNode;
  placeholder?: string;
  /** The clear button's name, e.g. "Any customer (clear the filter)". */
  clearLabel?: string;
  knownName?: string | undefined;
  error?: ReactNode;
  disabled?: boolean;
  w?: SelectProps['w'];
}) {
  const intl = useIntl();
  const [typed, setTyped] = useState('');
  const [pattern] = useDebouncedValue(typed.trim(), 250);
  const found = useQuery({ ...searchCustomersOptions({ path: { tenantId, pattern }, query: { limit: 10 } }), enabled: pattern.length >= 2, staleTime: 30_000 });
  const chosen = useQuery({ ...getCustomerOptions({ path: { tenantId, id: value ?? '' } }), enabled: Boolean(value) && !knownName, staleTime: 60_000 });
  const options = (found.data?.items ?? []).map((customer) => ({ value: customer.id, label: nameOf(customer) + (customer.phoneNumber ? ` · ${customer.phoneNumber}` : '') }));
  if (value && !options.some((option) => option.value === value)) {
    options.unshift({ value, label: knownName ?? (chosen.data ? nameOf(chosen.data.customer) : intl.formatMessage(m.loading)) });
  }
  return (
    <Select
      label={label}
      description={description}
      placeholder={placeholder ?? intl.formatMessage(m.placeholder)}
      searchable
      clearable
      // Mantine hides its clear button from screen readers and the Tab key; this one is a real button.
      clearButtonProps={{ 'aria-label': clearLabel ?? intl.formatMessage(m.clear), 'aria-hidden': false, tabIndex: 0 }}
      filter={({ options: all }) => all}
      nothingFoundMessage={pattern.length >= 2 && !found.isFetching ? intl.formatMessage(m.none) : undefined}
      data={options}
      value={value}
      searchValue={typed}
      onSearchChange={setTyped}
      onChange={(next) => {
        onChange(next);
        if (!next) setTyped('');
      }}
      error={error ?? (chosen.isError ? intl.formatMessage(m.gone) : undefined)}
      disabled={disabled}
      w={w}
    />
  );
}
