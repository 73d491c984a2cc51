import { Card, Select, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { type ReactNode } from 'react';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { FormattedMessage, useIntl } from 'react-intl';
import { FormFrame } from '~/components/form-frame';
import { useZodForm } from '~/lib/use-zod-form';
import { SwitchField } from '~/components/switch-field';
import { NumberField, PercentField } from '~/components/number-field';
import { KIND_NAMES, KINDS } from '../messages';
import {
  paymentMethodFormSchema,
  paymentMethodIssueMessages,
  type PaymentMethodFormInput,
  type PaymentMethodFormValues,
} from '../schemas/payment-method-form-schema';

export type PaymentMethodForm = UseFormReturn<PaymentMethodFormInput, unknown, PaymentMethodFormValues>;

/** The fields of a payment method, for creating and editing; what was typed stays when a save fails. */
export function PaymentMethodFormFields({
  defaultValues,
  onSubmit,
  alert,
  readOnly = false,
  submitLabel,
}: {
  defaultValues: PaymentMethodFormInput;
  onSubmit: (values: PaymentMethodFormValues, form: PaymentMethodForm) => Promise<void>;
  alert?: ReactNode;
  readOnly?: boolean;
  submitLabel: ReactNode;
}) {
  const intl = useIntl();
  const form: PaymentMethodForm = useZodForm(paymentMethodFormSchema, paymentMethodIssueMessages, { defaultValues });
  const { errors } = form.formState;
  const kinds = KINDS.map((kind) => ({ value: kind, label: intl.formatMessage(KIND_NAMES[kind]) }));

  return (
    <FormFrame
      form={form}
      onSubmit={onSubmit}
      readOnly={readOnly}
      alert={alert}
      invalidMessage={<FormattedMessage id="paymentMethods.form.invalid" defaultMessage="Some fields need your attention; they are marked in red." />}
      submitLabel={submitLabel}
    >
      <Card withBorder radius="lg" padding="lg">
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={intl.formatMessage({ id: 'paymentMethods.form.name', defaultMessage: 'Name' })}
              description={intl.formatMessage({ id: 'paymentMethods.form.name.description', defaultMessage: 'As shown at the till, e.g. "Card (counter)".' })}
              required
              maxLength={60}
              autoComplete="off"
              error={errors.name?.message}
              {...form.register('name')}
            />
            <Controller
              control={form.control}
              name="kind"
              render={({ field }) => (
                <Select
                  label={intl.formatMessage({ id: 'paymentMethods.form.kind', defaultMessage: 'Kind' })}
                  required
                  allowDeselect={false}
                  data={kinds}
                  value={field.value}
                  onChange={(value) => field.onChange(value ?? undefined)}
                  onBlur={field.onBlur}
                  error={errors.kind?.message}
                />
              )}
            />
            <NumberField
              control={form.control}
              name="sortOrder"
              label={intl.formatMessage({ id: 'paymentMethods.form.order', defaultMessage: 'Order' })}
              description={intl.formatMessage({ id: 'paymentMethods.form.order.description', defaultMessage: 'Lower numbers come first at the till.' })}
              min={0}
              max={1000}
              allowDecimal={false}
              allowNegative={false}
              error={errors.sortOrder?.message}
            />
            <PercentField
              control={form.control}
              name="commissionPercentage"
              label={intl.formatMessage({ id: 'paymentMethods.form.commission', defaultMessage: 'Commission' })}
              description={intl.formatMessage({ id: 'paymentMethods.form.commission.description', defaultMessage: 'What the provider keeps, e.g. 1.5 % for cards.' })}
              error={errors.commissionPercentage?.message}
            />
          </SimpleGrid>
          <SwitchField
            control={form.control}
            name="active"
            label={intl.formatMessage({ id: 'paymentMethods.form.active', defaultMessage: 'Active' })}
            description={intl.formatMessage({ id: 'paymentMethods.form.active.description', defaultMessage: 'Inactive methods are not offered for new payments.' })}
          />
          <SwitchField
            control={form.control}
            name="isDefault"
            label={intl.formatMessage({ id: 'paymentMethods.form.default', defaultMessage: 'Default at the till' })}
            description={intl.formatMessage({ id: 'paymentMethods.form.default.description', defaultMessage: 'Preselected for new payments; only one method can be the default.' })}
            error={errors.isDefault?.message}
          />
          <Textarea
            label={intl.formatMessage({ id: 'paymentMethods.form.notes', defaultMessage: 'Internal notes (optional)' })}
            autosize
            minRows={2}
            maxLength={500}
            error={errors.notes?.message}
            {...form.register('notes')}
          />
        </Stack>
      </Card>
    </FormFrame>
  );
}
