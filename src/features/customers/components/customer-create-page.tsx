import { Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { FormattedMessage, useIntl } from 'react-intl';
import { createCustomerMutation, listCustomersQueryKey } from '@generated/@tanstack/react-query.gen';
import type { Tenant } from '@generated/types.gen';
import { useLocale } from '~/lib/use-locale';
import { localeParam } from '~/lib/locale';
import { useIdempotencyKey } from '~/lib/use-idempotency-key';
import { SaveAlert } from '~/components/save-alert';
import { PageHeader } from '~/components/page-header';
import { AnchorLink } from '~/components/anchor-link';
import { useSaveState } from '~/lib/use-save-state';
import { useBusinessToday } from '../hooks/use-business-today';
import { newCustomerForm, toCustomerInput } from '../schemas/customer-form-schema';
import { applyServerErrors } from './apply-server-errors';
import { CustomerFormFields, type CustomerForm } from './customer-form';

/** /customers/create. */
export function CustomerCreatePage({ tenant }: { tenant: Tenant }) {
  const intl = useIntl();
  const locale = useLocale();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const create = useMutation(createCustomerMutation());
  const idempotency = useIdempotencyKey();
  const save = useSaveState<CustomerForm>({ applyServerErrors: (failure, form) => applyServerErrors(failure, form, intl) });
  const todayText = useBusinessToday(tenant.timeZone);

  return (
    <Stack gap="lg" maw={960}>
      <PageHeader
        back={
          <AnchorLink size="sm" to="/{-$locale}/customers">
            <FormattedMessage id="customers.back" defaultMessage="← Customers" />
          </AnchorLink>
        }
        title={<FormattedMessage id="customers.create.title" defaultMessage="New customer" />}
      />
      <CustomerFormFields
        tenantId={tenant.id}
        today={todayText}
        defaultValues={newCustomerForm(tenant.locale || locale)}
        submitLabel={<FormattedMessage id="customers.create.submit" defaultMessage="Create customer" />}
        alert={<SaveAlert state={save} paused={create.isPaused} />}
        onSubmit={save.submit(async (values, form) => {
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
        })}
      />
    </Stack>
  );
}
