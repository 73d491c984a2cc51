import { Switch, type SwitchProps } from '@mantine/core';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';

/** A switch bound to a boolean form field; `error` is the caller's. */
export function SwitchField<Input extends FieldValues, Output>({
  control,
  name,
  ...input
}: Omit<SwitchProps, 'checked' | 'onChange' | 'onBlur' | 'name'> & { control: Control<Input, unknown, Output>; name: FieldPath<Input> }) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <Switch {...input} checked={Boolean(field.value)} onChange={(event) => field.onChange(event.currentTarget.checked)} onBlur={field.onBlur} />
      )}
    />
  );
}
