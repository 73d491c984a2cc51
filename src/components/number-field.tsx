import { NumberInput, type NumberInputProps } from '@mantine/core';
import { useIntl } from 'react-intl';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { RateInput, type RateInputProps } from './rate-input';

/** A number input bound to a form field (empty while the field holds no number); `error` is the caller's. */
export function NumberField<Input extends FieldValues, Output>({
  control,
  name,
  ...input
}: Omit<NumberInputProps, 'value' | 'onChange' | 'onBlur' | 'name'> & { control: Control<Input, unknown, Output>; name: FieldPath<Input> }) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <NumberInput {...input} value={typeof field.value === 'number' ? field.value : ''} onChange={field.onChange} onBlur={field.onBlur} />
      )}
    />
  );
}

/**
 * A percentage (tax rate, commission): 0 to 100 with at most three decimals (8.875 %), as the
 * contract's `Percentage` and common/money read it, typed with either decimal mark, shown with `%`.
 */
export function PercentField<Input extends FieldValues, Output>({
  control,
  name,
  ...input
}: Omit<RateInputProps, 'value' | 'onChange' | 'onBlur' | 'name' | 'locale'> & { control: Control<Input, unknown, Output>; name: FieldPath<Input> }) {
  const intl = useIntl();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <RateInput {...input} locale={intl.locale} value={field.value as number | string | undefined} onChange={field.onChange} onBlur={field.onBlur} ref={field.ref} />
      )}
    />
  );
}
