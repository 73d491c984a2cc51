import { Group, Radio, Stack } from '@mantine/core';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';

/** A required one-of-several question of the onboarding form, as a radio group. */
export function ChoiceField<T extends FieldValues>({
  control,
  name,
  label,
  options,
  inline = false,
  disabled,
  error,
}: {
  control: Control<T>;
  name: Path<T>;
  label: string;
  options: ReadonlyArray<{ value: string; label: string }>;
  /** Side by side (short answers) rather than one per line. */
  inline?: boolean;
  disabled?: boolean;
  error?: string;
}) {
  const Layout = inline ? Group : Stack;
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <Radio.Group label={label} required value={field.value ?? null} onChange={field.onChange} error={error}>
          <Layout mt="xs" gap={inline ? 'lg' : 'xs'}>
            {options.map((option) => (
              <Radio key={option.value} value={option.value} disabled={disabled} onBlur={field.onBlur} label={option.label} />
            ))}
          </Layout>
        </Radio.Group>
      )}
    />
  );
}
