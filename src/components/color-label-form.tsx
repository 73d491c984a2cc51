import { Card, ColorInput, Stack, Textarea, TextInput } from '@mantine/core';
import { type ReactNode } from 'react';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { defineMessages, FormattedMessage, useIntl, type MessageDescriptor } from 'react-intl';
import * as z from 'zod';
import type { FieldIssueMessages } from '~/lib/form-issues';
import { FormFrame } from '~/components/form-frame';
import { useZodForm } from '~/lib/use-zod-form';

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
  const form: ColorLabelForm = useZodForm(kind.schema, kind.issueMessages, { defaultValues });
  const { errors } = form.formState;

  return (
    <FormFrame
      form={form}
      onSubmit={onSubmit}
      readOnly={readOnly}
      alert={alert}
      invalidMessage={<FormattedMessage id="colorLabel.form.invalid" defaultMessage="Some fields need your attention; they are marked in red." />}
      submitLabel={submitLabel}
    >
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
    </FormFrame>
  );
}

/** The form's fields, for a failed save's field errors (applyProblemFieldErrors). */
export const COLOR_LABEL_FIELDS = ['name', 'color', 'description'] as const;
