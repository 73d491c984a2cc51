import { Controller, type Control, type FieldPathByValue, type FieldValues } from 'react-hook-form';
import type { PhoneValue } from '~/lib/phone-field';
import { PhoneInput, type PhoneInputProps } from './phone-input';

/** A phone input (country and number) bound to a form field holding a PhoneValue; the errors are the caller's. */
export function PhoneField<Input extends FieldValues, Output>({
  control,
  name,
  ...input
}: Omit<PhoneInputProps, 'value' | 'onChange' | 'onBlur'> & { control: Control<Input, unknown, Output>; name: FieldPathByValue<Input, PhoneValue> }) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => <PhoneInput {...input} value={field.value as PhoneValue} onChange={field.onChange} onBlur={field.onBlur} />}
    />
  );
}
