import { Alert, Card, Select, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useMemo, type ReactNode } from 'react';
import { Controller, useWatch, type UseFormReturn } from 'react-hook-form';
import { FormattedMessage, useIntl } from 'react-intl';
import { searchCustomersOptions } from '@generated/@tanstack/react-query.gen';
import type { CustomerListItem } from '@generated/types.gen';
import { useLocale } from '~/lib/use-locale';
import { nationalDigits } from '~/lib/phone-field';
import { LOCALE_NAMES, LOCALES } from '~/lib/locale';
import { FormFrame } from '~/components/form-frame';
import { useZodForm } from '~/lib/use-zod-form';
import { SwitchField } from '~/components/switch-field';
import { PhoneField } from '~/components/phone-field';
import { TagPicker } from './tag-picker';
import { customerFormSchema, customerIssueMessages, type CustomerFormInput, type CustomerFormValues } from '../schemas/customer-form-schema';

export type CustomerForm = UseFormReturn<CustomerFormInput, unknown, CustomerFormValues>;

const fullName = (customer: CustomerListItem) => [customer.name, customer.lastName].filter(Boolean).join(' ');

/** Other customers with exactly this phone (digits) or e-mail: a warning, never a refusal. */
function useDuplicates(tenantId: string, excludeId: string | undefined, form: CustomerForm) {
  const [phone, email] = useWatch({ control: form.control, name: ['phone', 'email'] });
  const digits = nationalDigits(phone);
  const [debouncedDigits] = useDebouncedValue(digits.length >= 6 ? digits : '', 400);
  const cleanEmail = email.trim().toLowerCase();
  const [debouncedEmail] = useDebouncedValue(/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(cleanEmail) ? cleanEmail : '', 400);
  const byPhone = useQuery({
    ...searchCustomersOptions({ path: { tenantId, pattern: debouncedDigits || '-' }, query: { limit: 10 } }),
    enabled: Boolean(debouncedDigits),
  });
  const byEmail = useQuery({
    ...searchCustomersOptions({ path: { tenantId, pattern: debouncedEmail || '-' }, query: { limit: 10 } }),
    enabled: Boolean(debouncedEmail),
  });
  const others = (items: CustomerListItem[] | undefined, same: (c: CustomerListItem) => boolean) =>
    (items ?? []).filter((c) => c.id !== excludeId && same(c)).map(fullName);
  return {
    phone: debouncedDigits ? others(byPhone.data?.items, (c) => c.phoneNumber === debouncedDigits) : [],
    email: debouncedEmail ? others(byEmail.data?.items, (c) => c.email?.toLowerCase() === debouncedEmail) : [],
  };
}

/** The fields of a customer, for creating and editing; what was typed stays when a save fails. */
export function CustomerFormFields({
  tenantId,
  customerId,
  today,
  defaultValues,
  onSubmit,
  alert,
  consentSince,
  submitLabel,
}: {
  tenantId: string;
  customerId?: string;
  /** Today in the business's time zone (YYYY-MM-DD): birthdays cannot be later. */
  today: string;
  defaultValues: CustomerFormInput;
  onSubmit: (values: CustomerFormValues, form: CustomerForm) => Promise<void>;
  alert?: ReactNode;
  /** When the stored consent was given (shown under the switch). */
  consentSince?: ReactNode;
  submitLabel: ReactNode;
}) {
  const intl = useIntl();
  const locale = useLocale();
  const schema = useMemo(() => customerFormSchema(today), [today]);
  const form: CustomerForm = useZodForm(schema, customerIssueMessages, { defaultValues });
  const { errors } = form.formState;
  const duplicates = useDuplicates(tenantId, customerId, form);

  return (
    <FormFrame
      form={form}
      onSubmit={onSubmit}
      alert={alert}
      invalidMessage={<FormattedMessage id="customers.form.invalid" defaultMessage="Some fields need your attention; they are marked in red." />}
      submitLabel={submitLabel}
    >
      <Card withBorder radius="lg" padding="lg">
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={intl.formatMessage({ id: 'customers.form.name', defaultMessage: 'Name' })}
              required
              maxLength={100}
              autoComplete="off"
              error={errors.name?.message}
              {...form.register('name')}
            />
            <TextInput
              label={intl.formatMessage({ id: 'customers.form.lastName', defaultMessage: 'Last name' })}
              maxLength={100}
              autoComplete="off"
              error={errors.lastName?.message}
              {...form.register('lastName')}
            />
            <PhoneField
              control={form.control}
              name="phone"
              label={intl.formatMessage({ id: 'customers.form.phone', defaultMessage: 'Phone' })}
              language={locale}
              countryError={errors.phone?.countryCode?.message}
              numberError={errors.phone?.number?.message}
            />
            <TextInput
              label={intl.formatMessage({ id: 'customers.form.email', defaultMessage: 'E-mail' })}
              type="email"
              maxLength={254}
              autoComplete="off"
              error={errors.email?.message}
              {...form.register('email')}
            />
            <TextInput
              label={intl.formatMessage({ id: 'customers.form.birthday', defaultMessage: 'Birthday (optional)' })}
              type="date"
              max={today}
              error={errors.birthday?.message}
              {...form.register('birthday')}
            />
            <TextInput
              label={intl.formatMessage({ id: 'customers.form.taxId', defaultMessage: 'Tax ID (for invoices)' })}
              maxLength={30}
              autoComplete="off"
              error={errors.taxId?.message}
              {...form.register('taxId')}
            />
            <Controller
              control={form.control}
              name="language"
              render={({ field }) => (
                <Select
                  label={intl.formatMessage({ id: 'customers.form.language', defaultMessage: 'Language of their e-mails' })}
                  description={intl.formatMessage({ id: 'customers.form.language.description', defaultMessage: 'Reminders and confirmations are written in it.' })}
                  allowDeselect={false}
                  data={[
                    { value: '', label: intl.formatMessage({ id: 'customers.form.language.business', defaultMessage: 'The business’s language' }) },
                    ...LOCALES.map((value) => ({ value, label: LOCALE_NAMES[value] })),
                  ]}
                  value={field.value ?? ''}
                  onChange={(value) => field.onChange(value ?? '')}
                  onBlur={field.onBlur}
                />
              )}
            />
          </SimpleGrid>
          {duplicates.phone.length > 0 || duplicates.email.length > 0 ? (
            <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} data-testid="duplicate-warning">
              <Stack gap={2}>
                {duplicates.phone.length > 0 ? (
                  <Text size="sm">
                    <FormattedMessage
                      id="customers.duplicate.phone"
                      defaultMessage="Another customer already has this phone: {names}."
                      values={{ names: duplicates.phone.join(', ') }}
                    />
                  </Text>
                ) : null}
                {duplicates.email.length > 0 ? (
                  <Text size="sm">
                    <FormattedMessage
                      id="customers.duplicate.email"
                      defaultMessage="Another customer already has this e-mail: {names}."
                      values={{ names: duplicates.email.join(', ') }}
                    />
                  </Text>
                ) : null}
              </Stack>
            </Alert>
          ) : null}
          <Controller
            control={form.control}
            name="tagIds"
            render={({ field }) => (
              <TagPicker tenantId={tenantId} value={field.value} onChange={field.onChange} onBlur={field.onBlur} error={errors.tagIds?.message} />
            )}
          />
          <Textarea
            label={intl.formatMessage({ id: 'customers.form.notes', defaultMessage: 'Notes' })}
            description={intl.formatMessage({ id: 'customers.form.notes.description', defaultMessage: 'Preferences, allergies… Only your team sees them.' })}
            autosize
            minRows={2}
            maxLength={2000}
            error={errors.notes?.message}
            {...form.register('notes')}
          />
          <SwitchField
            control={form.control}
            name="marketingConsent"
            label={intl.formatMessage({ id: 'customers.form.consent', defaultMessage: 'Agrees to receive promotions' })}
            description={consentSince}
          />
        </Stack>
      </Card>
    </FormFrame>
  );
}
