import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Card, ColorInput, Group, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useMemo, type ReactNode } from 'react';
import { Controller, useForm, type UseFormReturn } from 'react-hook-form';
import { FormattedMessage, useIntl } from 'react-intl';
import { UnsavedChangesGuard } from '~/components/unsaved-changes-guard';
import { issueErrorMap } from '~/lib/form-issues';
import { tagFormSchema, tagIssueMessages, type TagFormInput, type TagFormValues } from '../schemas/tag-form-schema';

export type TagForm = UseFormReturn<TagFormInput, unknown, TagFormValues>;

/** Mantine's palette, shade 6: the swatches offered. */
export const TAG_SWATCHES = ['#2f9e44', '#1c7ed6', '#ae3ec9', '#f76707', '#e03131', '#0c8599', '#f59f00', '#6741d9', '#d6336c', '#5c940d'];

/** The fields of a tag; what was typed stays when a save fails. */
export function TagFormFields({
  defaultValues,
  onSubmit,
  alert,
  readOnly = false,
  submitLabel,
}: {
  defaultValues: TagFormInput;
  onSubmit: (values: TagFormValues, form: TagForm) => Promise<void>;
  alert?: ReactNode;
  readOnly?: boolean;
  submitLabel: ReactNode;
}) {
  const intl = useIntl();
  const resolver = useMemo(
    () => zodResolver(tagFormSchema, { error: issueErrorMap((descriptor, values) => intl.formatMessage(descriptor, values), tagIssueMessages) }),
    [intl],
  );
  const form: TagForm = useForm<TagFormInput, unknown, TagFormValues>({ resolver, mode: 'onTouched', defaultValues });
  const { errors, isSubmitting, isDirty } = form.formState;

  return (
    <form onSubmit={form.handleSubmit((values) => onSubmit(values, form))} noValidate>
      <UnsavedChangesGuard when={isDirty && !isSubmitting && !readOnly} />
      <fieldset disabled={readOnly} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
        <Stack gap="lg">
          <Card withBorder radius="lg" padding="lg">
            <Stack gap="md">
              <TextInput
                label={intl.formatMessage({ id: 'customerTags.form.name', defaultMessage: 'Name' })}
                description={intl.formatMessage({ id: 'customerTags.form.name.description', defaultMessage: 'E.g. "Regular", "Curly hair".' })}
                required
                maxLength={40}
                autoComplete="off"
                error={errors.name?.message}
                {...form.register('name')}
              />
              <Controller
                control={form.control}
                name="color"
                render={({ field }) => (
                  <ColorInput
                    label={intl.formatMessage({ id: 'customerTags.form.color', defaultMessage: 'Colour' })}
                    format="hex"
                    swatches={TAG_SWATCHES}
                    swatchesPerRow={10}
                    eyeDropperButtonProps={{ 'aria-label': intl.formatMessage({ id: 'customerTags.form.eyeDropper', defaultMessage: 'Pick a colour from the screen' }) }}
                    value={field.value}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    error={errors.color?.message}
                  />
                )}
              />
              <Textarea
                label={intl.formatMessage({ id: 'customerTags.form.description', defaultMessage: 'Description (optional)' })}
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
              <FormattedMessage id="customerTags.form.invalid" defaultMessage="Some fields need your attention; they are marked in red." />
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
