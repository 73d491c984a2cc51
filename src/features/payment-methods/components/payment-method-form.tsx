import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Card, Group, NumberInput, Select, SimpleGrid, Stack, Switch, Text, Textarea, TextInput } from '@mantine/core';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useMemo, type ReactNode } from 'react';
import { Controller, useForm, type UseFormReturn } from 'react-hook-form';
import { FormattedMessage, useIntl } from 'react-intl';
import { UnsavedChangesGuard } from '~/components/unsaved-changes-guard';
import { issueErrorMap } from '~/lib/form-issues';
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
  const resolver = useMemo(
    () => zodResolver(paymentMethodFormSchema, { error: issueErrorMap((descriptor, values) => intl.formatMessage(descriptor, values), paymentMethodIssueMessages) }),
    [intl],
  );
  const form: PaymentMethodForm = useForm<PaymentMethodFormInput, unknown, PaymentMethodFormValues>({ resolver, mode: 'onTouched', defaultValues });
  const { errors, isSubmitting, isDirty } = form.formState;
  const kinds = KINDS.map((kind) => ({ value: kind, label: intl.formatMessage(KIND_NAMES[kind]) }));

  return (
    <form onSubmit={form.handleSubmit((values) => onSubmit(values, form))} noValidate>
      <UnsavedChangesGuard when={isDirty && !isSubmitting && !readOnly} />
      <fieldset disabled={readOnly} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
        <Stack gap="lg">
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
                <Controller
                  control={form.control}
                  name="sortOrder"
                  render={({ field }) => (
                    <NumberInput
                      label={intl.formatMessage({ id: 'paymentMethods.form.order', defaultMessage: 'Order' })}
                      description={intl.formatMessage({ id: 'paymentMethods.form.order.description', defaultMessage: 'Lower numbers come first at the till.' })}
                      min={0}
                      max={1000}
                      allowDecimal={false}
                      allowNegative={false}
                      value={typeof field.value === 'number' ? field.value : ''}
                      onChange={field.onChange}
                      onBlur={field.onBlur}
                      error={errors.sortOrder?.message}
                    />
                  )}
                />
                <Controller
                  control={form.control}
                  name="commissionPercentage"
                  render={({ field }) => (
                    <NumberInput
                      label={intl.formatMessage({ id: 'paymentMethods.form.commission', defaultMessage: 'Commission' })}
                      description={intl.formatMessage({ id: 'paymentMethods.form.commission.description', defaultMessage: 'What the provider keeps, e.g. 1.5 % for cards.' })}
                      min={0}
                      max={100}
                      decimalScale={2}
                      allowNegative={false}
                      suffix=" %"
                      value={typeof field.value === 'number' ? field.value : ''}
                      onChange={field.onChange}
                      onBlur={field.onBlur}
                      error={errors.commissionPercentage?.message}
                    />
                  )}
                />
              </SimpleGrid>
              <Controller
                control={form.control}
                name="active"
                render={({ field }) => (
                  <Switch
                    label={intl.formatMessage({ id: 'paymentMethods.form.active', defaultMessage: 'Active' })}
                    description={intl.formatMessage({ id: 'paymentMethods.form.active.description', defaultMessage: 'Inactive methods are not offered for new payments.' })}
                    checked={field.value}
                    onChange={(event) => field.onChange(event.currentTarget.checked)}
                    onBlur={field.onBlur}
                  />
                )}
              />
              <Controller
                control={form.control}
                name="isDefault"
                render={({ field }) => (
                  <Switch
                    label={intl.formatMessage({ id: 'paymentMethods.form.default', defaultMessage: 'Default at the till' })}
                    description={intl.formatMessage({ id: 'paymentMethods.form.default.description', defaultMessage: 'Preselected for new payments; only one method can be the default.' })}
                    checked={field.value}
                    onChange={(event) => field.onChange(event.currentTarget.checked)}
                    onBlur={field.onBlur}
                    error={errors.isDefault?.message}
                  />
                )}
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
          {alert}
          {Object.keys(errors).length > 0 ? (
            <Text c="red" size="sm" role="alert">
              <FormattedMessage id="paymentMethods.form.invalid" defaultMessage="Some fields need your attention; they are marked in red." />
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
