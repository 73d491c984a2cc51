import { NumberInput, type NumberInputProps } from '@mantine/core';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';

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
 * A percentage (tax rate, commission): 0 to 100 with at most two decimals, as the contract's
 * `Percentage` and common/money read it, shown with a `%` suffix.
 */
export function PercentField<Input extends FieldValues, Output>(
  props: Omit<NumberInputProps, 'value' | 'onChange' | 'onBlur' | 'name' | 'min' | 'max' | 'decimalScale' | 'allowNegative' | 'suffix'> & {
    control: Control<Input, unknown, Output>;
    name: FieldPath<Input>;
  },
) {
  return <NumberField {...props} min={0} max={100} decimalScale={2} allowNegative={false} suffix=" %" />;
}
