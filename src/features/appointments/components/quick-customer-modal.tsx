import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconUserPlus } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { FormattedMessage, useIntl } from 'react-intl';
import * as z from 'zod';
import { createCustomerMutation } from '@generated/@tanstack/react-query.gen';
import { zCustomerInput } from '@generated/zod.gen';
import type { Customer } from '@generated/types.gen';
import { useLocale } from '~/lib/use-locale';
import { ApiErrorAlert } from '~/components/api-error-alert';
import { PhoneInput } from '~/components/phone-input';
import { issueErrorMap } from '~/lib/form-issues';
import { defaultDialCode, phoneFieldSchema, phoneIssueMessages, phoneToApi } from '~/lib/phone-field';
import { useIdempotencyKey } from '~/lib/use-idempotency-key';
import { appointmentMessages } from '../messages';

const schema = z.object({ name: z.string().trim().pipe(zCustomerInput.shape.name), lastName: z.string().trim().max(100), phone: phoneFieldSchema });
type Input = z.input<typeof schema>;
type Values = z.output<typeof schema>;

/** "New customer" from the booking form: name and phone, nothing else (the rest later, on the customer's page). */
export function QuickCustomerModal({ tenantId, onCreated }: { tenantId: string; onCreated: (customer: Customer) => void }) {
  const intl = useIntl();
  const locale = useLocale();
  const [opened, { open, close }] = useDisclosure(false);
  const resolver = useMemo(
    () =>
      zodResolver(schema, {
        error: issueErrorMap((descriptor, values) => intl.formatMessage(descriptor, values), { name: appointmentMessages.customerNameRequired, ...phoneIssueMessages('phone') }),
      }),
    [intl],
  );
  const form = useForm<Input, unknown, Values>({ resolver, defaultValues: { name: '', lastName: '', phone: { countryCode: defaultDialCode(locale), number: '' } } });
  const idempotency = useIdempotencyKey();
  const create = useMutation(createCustomerMutation());
  const submit = form.handleSubmit((values) =>
    create.mutate(
      {
        path: { tenantId },
        headers: { 'Idempotency-Key': idempotency.key() },
        body: { customer: { name: values.name, ...(values.lastName ? { lastName: values.lastName } : {}), ...phoneToApi(values.phone) } },
      },
      {
        onSuccess: (answer) => {
          idempotency.renew();
          onCreated(answer.customer);
          form.reset();
          close();
        },
      },
    ),
  );
  return (
    <>
      <Button variant="light" leftSection={<IconUserPlus size={16} aria-hidden />} onClick={open}>
        <FormattedMessage id="appointments.quickCustomer.open" defaultMessage="New customer" />
      </Button>
      <Modal opened={opened} onClose={close} title={intl.formatMessage({ id: 'appointments.quickCustomer.title', defaultMessage: 'New customer' })} centered>
        <Stack gap="md">
          <TextInput required data-autofocus label={intl.formatMessage({ id: 'appointments.quickCustomer.name', defaultMessage: 'Name' })} {...form.register('name')} error={form.formState.errors.name?.message} />
          <TextInput label={intl.formatMessage({ id: 'appointments.quickCustomer.lastName', defaultMessage: 'Last name' })} {...form.register('lastName')} error={form.formState.errors.lastName?.message} />
          <Controller
            control={form.control}
            name="phone"
            render={({ field, fieldState }) => (
              <PhoneInput
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                language={intl.locale}
                label={intl.formatMessage({ id: 'appointments.quickCustomer.phone', defaultMessage: 'Phone' })}
                numberError={fieldState.error?.message ?? form.formState.errors.phone?.number?.message}
                countryError={form.formState.errors.phone?.countryCode?.message}
              />
            )}
          />
          <ApiErrorAlert error={create.error} />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              <FormattedMessage id="appointments.quickCustomer.cancel" defaultMessage="Cancel" />
            </Button>
            {/* Not a nested <form>: the booking form around this modal's trigger must not submit. */}
            <Button loading={create.isPending} onClick={() => void submit()}>
              <FormattedMessage id="appointments.quickCustomer.create" defaultMessage="Create customer" />
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
