import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Card, ColorInput, Group, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useMemo, type ReactNode } from 'react';
import { Controller, useForm, type UseFormReturn } from 'react-hook-form';
import { FormattedMessage, useIntl } from 'react-intl';
import { UnsavedChangesGuard } from '~/components/unsaved-changes-guard';
import { issueErrorMap } from '~/lib/form-issues';
import {
  distinctionFormSchema,
  distinctionIssueMessages,
  type DistinctionFormInput,
  type DistinctionFormValues,
} from '../schemas/distinction-form-schema';

export type DistinctionForm = UseFormReturn<DistinctionFormInput, unknown, DistinctionFormValues>;

/** Mantine's palette, shade 6 (the server's palette for distinctions created without a colour). */
export const DISTINCTION_SWATCHES = ['#fab005', '#15aabf', '#7048e8', '#e64980', '#37b24d', '#fd7e14', '#4263eb', '#f03e3e', '#12b886', '#be4bdb'];

/** The fields of a distinction; what was typed stays when a save fails. */
export function DistinctionFormFields({
  defaultValues,
  onSubmit,
  alert,
  readOnly = false,
  submitLabel,
}: {
  defaultValues: DistinctionFormInput;
  onSubmit: (values: DistinctionFormValues, form: DistinctionForm) => Promise<void>;
  alert?: ReactNode;
  readOnly?: boolean;
  submitLabel: ReactNode;
}) {
  const intl = useIntl();
  const resolver = useMemo(
    () =>
      zodResolver(distinctionFormSchema, {
        error: issueErrorMap((descriptor, values) => intl.formatMessage(descriptor, values), distinctionIssueMessages),
      }),
    [intl],
  );
  const form: DistinctionForm = useForm<DistinctionFormInput, unknown, DistinctionFormValues>({ resolver, mode: 'onTouched', defaultValues });
  const { errors, isSubmitting, isDirty } = form.formState;

  return (
    <form onSubmit={form.handleSubmit((values) => onSubmit(values, form))} noValidate>
      <UnsavedChangesGuard when={isDirty && !isSubmitting && !readOnly} />
      <fieldset disabled={readOnly} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
        <Stack gap="lg">
          <Card withBorder radius="lg" padding="lg">
            <Stack gap="md">
              <TextInput
                label={intl.formatMessage({ id: 'distinctions.form.name', defaultMessage: 'Name' })}
                description={intl.formatMessage({ id: 'distinctions.form.name.description', defaultMessage: 'E.g. "VIP", "First visit".' })}
                required
                maxLength={50}
                autoComplete="off"
                error={errors.name?.message}
                {...form.register('name')}
              />
              <Controller
                control={form.control}
                name="color"
                render={({ field }) => (
                  <ColorInput
                    label={intl.formatMessage({ id: 'distinctions.form.color', defaultMessage: 'Colour' })}
                    description={intl.formatMessage({
                      id: 'distinctions.form.color.description',
                      defaultMessage: 'Appointments with this distinction take this colour in the calendar.',
                    })}
                    format="hex"
                    eyeDropperButtonProps={{
                      'aria-label': intl.formatMessage({ id: 'distinctions.form.color.eyeDropper', defaultMessage: 'Pick a colour from the screen' }),
                    }}
                    swatches={DISTINCTION_SWATCHES}
                    swatchesPerRow={10}
                    value={field.value}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    error={errors.color?.message}
                  />
                )}
              />
              <Textarea
                label={intl.formatMessage({ id: 'distinctions.form.description', defaultMessage: 'Description (optional)' })}
                autosize
                minRows={2}
                maxLength={500}
                error={errors.description?.message}
                {...form.register('description')}
              />
            </Stack>
          </Card>
          {alert}
          {Object.keys(errors).length > 0 ? (
            <Text c="red" size="sm" role="alert">
              <FormattedMessage id="distinctions.form.invalid" defaultMessage="Some fields need your attention; they are marked in red." />
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
