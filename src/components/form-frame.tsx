import { Button, Group, Stack, Text } from '@mantine/core';
import { IconDeviceFloppy } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { UnsavedChangesGuard } from './unsaved-changes-guard';

/**
 * The frame of a record's form (create and edit pages): asks before leaving unsaved changes, greys
 * everything out when `readOnly`, then the fields (`children`), the page's alert, a summary when
 * fields are marked and the submit button (left out when read-only).
 */
export function FormFrame<Input extends FieldValues, Output extends FieldValues>({
  form,
  onSubmit,
  readOnly = false,
  alert,
  invalidMessage,
  submitLabel,
  children,
}: {
  form: UseFormReturn<Input, unknown, Output>;
  onSubmit: (values: Output, form: UseFormReturn<Input, unknown, Output>) => Promise<void>;
  readOnly?: boolean;
  alert?: ReactNode;
  /** "Some fields need your attention", shown while any field is marked. */
  invalidMessage?: ReactNode;
  submitLabel: ReactNode;
  children: ReactNode;
}) {
  const { errors, isSubmitting, isDirty } = form.formState;
  return (
    <form onSubmit={form.handleSubmit((values) => onSubmit(values, form))} noValidate>
      <UnsavedChangesGuard when={isDirty && !isSubmitting && !readOnly} />
      <fieldset disabled={readOnly} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
        <Stack gap="lg">
          {children}
          {alert}
          {invalidMessage && Object.keys(errors).length > 0 ? (
            <Text c="red" size="sm" role="alert">
              {invalidMessage}
            </Text>
          ) : null}
          {readOnly ? null : (
            <Group justify="flex-end">
              <Button type="submit" loading={isSubmitting} leftSection={<IconDeviceFloppy size={16} aria-hidden />}>
                {submitLabel}
              </Button>
            </Group>
          )}
        </Stack>
      </fieldset>
    </form>
  );
}
