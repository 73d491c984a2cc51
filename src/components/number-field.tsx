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
