import { Anchor, Stack, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { createCustomerMutation, listCustomersQueryKey } from '@generated/@tanstack/react-query.gen';
import type { Tenant } from '@generated/types.gen';
import { useLocale } from '~/app/use-locale';
import { ApiErrorAlert } from '~/components/api-error-alert';
import { PausedNotice } from '~/components/paused-notice';
import { localeParam } from '~/lib/locale';
import { useBusinessToday } from '../hooks/use-business-today';
import { useIdempotencyKey } from '~/lib/use-idempotency-key';
import { newCustomerForm, toCustomerInput } from '../schemas/customer-form-schema';
import { applyServerErrors } from './apply-server-errors';
import { CustomerFormFields } from './customer-form';

/** /customers/create. */
export function CustomerCreatePage({ tenant }: { tenant: Tenant }) {
  const intl = useIntl();
  const locale = useLocale();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const create = useMutation(createCustomerMutation());
  const idempotency = useIdempotencyKey();
  const [error, setError] = useState<unknown>(null);
  const todayText = useBusinessToday(tenant.timeZone);

  return (
    <Stack gap="lg" maw={960}>
      <Stack gap={4}>
        <Anchor size="sm" renderRoot={(props) => <Link {...props} to="/{-$locale}/customers" params={{ locale: localeParam(locale) }} />}>
          <FormattedMessage id="customers.back" defaultMessage="← Customers" />
        </Anchor>
        <Title order={1}>
          <FormattedMessage id="customers.create.title" defaultMessage="New customer" />
        </Title>
      </Stack>
      <CustomerFormFields
        tenantId={tenant.id}
        today={todayText}
        defaultValues={newCustomerForm(tenant.locale || locale)}
        submitLabel={<FormattedMessage id="customers.create.submit" defaultMessage="Create customer" />}
        alert={
          <>
            <ApiErrorAlert error={error} />
            <PausedNotice paused={create.isPaused} />
          </>
        }
        onSubmit={async (values, form) => {
          setError(null);
          try {
            const { customer } = await create.mutateAsync({
              path: { tenantId: tenant.id },
              body: { customer: toCustomerInput(values) },
              headers: { 'Idempotency-Key': idempotency.key() },
            });
            idempotency.renew();
            form.reset(values);
            await queryClient.invalidateQueries({ queryKey: listCustomersQueryKey({ path: { tenantId: tenant.id } }) });
            notifications.show({
              color: 'green',
              title: intl.formatMessage({ id: 'customers.created.title', defaultMessage: 'Customer created' }),
              message: [customer.name, customer.lastName].filter(Boolean).join(' '),
            });
            await navigate({ to: '/{-$locale}/customers/$customerId', params: { locale: localeParam(locale), customerId: customer.id } });
          } catch (failure) {
            if (!applyServerErrors(failure, form, intl)) setError(failure);
          }
        }}
      />
    </Stack>
  );
}
