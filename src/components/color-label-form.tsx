import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Card, ColorInput, Group, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useMemo, type ReactNode } from 'react';
import { Controller, useForm, type UseFormReturn } from 'react-hook-form';
import { defineMessages, FormattedMessage, useIntl, type IntlShape, type MessageDescriptor } from 'react-intl';
import * as z from 'zod';
import { UnsavedChangesGuard } from '~/components/unsaved-changes-guard';
import { problemFormErrors } from '~/lib/api-problem';
import { formIssueMessages, issueErrorMap, type FieldIssueMessages } from '~/lib/form-issues';

/**
 * A coloured label of the business: a name, a colour and an optional description. Customer tags
 * (src/features/customer-tags) and appointment distinctions (src/features/appointment-distinctions)
 * are both one; each feature brings its name rule (from the contract), swatches and texts.
 */

/** The form's schema; `name` is the contract's rule for the name (its length). */
export const colorLabelFormSchema = (name: z.ZodType<string, string>) =>
  z.object({
    name: z.string().trim().pipe(name),
    color: z.string().regex(/^#[0-9a-fA-F]{6}$/),
    description: z.string().trim().pipe(z.string().max(500)),
  });

export type ColorLabelFormInput = z.input<ReturnType<typeof colorLabelFormSchema>>;
export type ColorLabelFormValues = z.output<ReturnType<typeof colorLabelFormSchema>>;
export type ColorLabelForm = UseFormReturn<ColorLabelFormInput, unknown, ColorLabelFormValues>;

/** The form's values for a label as the API answers it. */
export const colorLabelFormFrom = (label: { name: string; color: string; description?: string }): ColorLabelFormInput => ({
  name: label.name,
  color: label.color,
  description: label.description ?? '',
});

/** The fields of the API body: the colour in lower case, no empty description. */
export const colorLabelInput = (values: ColorLabelFormValues) => ({
  name: values.name,
  color: values.color.toLowerCase(),
  ...(values.description ? { description: values.description } : {}),
});

const messages = defineMessages({
  name: { id: 'colorLabel.form.name', defaultMessage: 'Name' },
  color: { id: 'colorLabel.form.color', defaultMessage: 'Colour' },
  eyeDropper: { id: 'colorLabel.form.eyeDropper', defaultMessage: 'Pick a colour from the screen' },
  description: { id: 'colorLabel.form.description', defaultMessage: 'Description (optional)' },
});

/** What differs between kinds of label. */
export interface ColorLabelKind {
  schema: ReturnType<typeof colorLabelFormSchema>;
  issueMessages: FieldIssueMessages;
  swatches: string[];
  nameMaxLength: number;
  nameDescription: MessageDescriptor;
  colorDescription?: MessageDescriptor;
}

/** The fields of a label; what was typed stays when a save fails. */
export function ColorLabelFormFields({
  kind,
  defaultValues,
  onSubmit,
  alert,
  readOnly = false,
  submitLabel,
}: {
  kind: ColorLabelKind;
  defaultValues: ColorLabelFormInput;
  onSubmit: (values: ColorLabelFormValues, form: ColorLabelForm) => Promise<void>;
  alert?: ReactNode;
  readOnly?: boolean;
  submitLabel: ReactNode;
}) {
  const intl = useIntl();
  const resolver = useMemo(
    () => zodResolver(kind.schema, { error: issueErrorMap((descriptor, values) => intl.formatMessage(descriptor, values), kind.issueMessages) }),
    [intl, kind],
  );
  const form: ColorLabelForm = useForm<ColorLabelFormInput, unknown, ColorLabelFormValues>({ resolver, mode: 'onTouched', defaultValues });
  const { errors, isSubmitting, isDirty } = form.formState;

  return (
    <form onSubmit={form.handleSubmit((values) => onSubmit(values, form))} noValidate>
      <UnsavedChangesGuard when={isDirty && !isSubmitting && !readOnly} />
      <fieldset disabled={readOnly} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
        <Stack gap="lg">
          <Card withBorder radius="lg" padding="lg">
            <Stack gap="md">
              <TextInput
                label={intl.formatMessage(messages.name)}
                description={intl.formatMessage(kind.nameDescription)}
                required
                maxLength={kind.nameMaxLength}
                autoComplete="off"
                error={errors.name?.message}
                {...form.register('name')}
              />
              <Controller
                control={form.control}
                name="color"
                render={({ field }) => (
                  <ColorInput
                    label={intl.formatMessage(messages.color)}
                    description={kind.colorDescription ? intl.formatMessage(kind.colorDescription) : undefined}
                    format="hex"
                    swatches={kind.swatches}
                    swatchesPerRow={10}
                    eyeDropperButtonProps={{ 'aria-label': intl.formatMessage(messages.eyeDropper) }}
                    value={field.value}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    error={errors.color?.message}
                  />
                )}
              />
              <Textarea
                label={intl.formatMessage(messages.description)}
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
              <FormattedMessage id="colorLabel.form.invalid" defaultMessage="Some fields need your attention; they are marked in red." />
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

const FIELDS = ['name', 'color', 'description'] as const;
type Field = (typeof FIELDS)[number];

/**
 * A failed save's field errors next to their fields, translated; true when there were any.
 * `wrapper` is the API body's wrapper (`tag`, `distinction`); `fieldMap` renames API fields.
 */
export function applyColorLabelServerErrors(
  error: unknown,
  form: ColorLabelForm,
  intl: IntlShape,
  options: { wrapper: string; fieldMap?: Record<string, string>; codeMessages: Record<string, MessageDescriptor> },
): boolean {
  const fieldErrors = problemFormErrors(error, { wrapper: options.wrapper, ...(options.fieldMap ? { fieldMap: options.fieldMap } : {}), known: FIELDS });
  for (const { field, code } of fieldErrors) {
    const known = options.codeMessages[code];
    const message = known ? intl.formatMessage(known) : intl.formatMessage(formIssueMessages.invalid);
    form.setError(field as Field, { message }, { shouldFocus: true });
  }
  return fieldErrors.length > 0;
}
