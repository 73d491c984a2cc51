import { Stack } from '@mantine/core';
import { FormattedMessage, useIntl } from 'react-intl';
import { createCustomerMutation, listCustomersQueryKey } from '@generated/@tanstack/react-query.gen';
import type { Tenant } from '@generated/types.gen';
import { useLocale } from '~/lib/use-locale';
import { SaveAlert } from '~/components/save-alert';
import { PageHeader } from '~/components/page-header';
import { AnchorLink } from '~/components/anchor-link';
import { useRecordCreator } from '~/components/record-editor';
import { useSaveState } from '~/lib/use-save-state';
import { useBusinessToday } from '../hooks/use-business-today';
import { customerMessages } from '../messages';
import { newCustomerForm, toCustomerInput } from '../schemas/customer-form-schema';
import { applyServerErrors } from './apply-server-errors';
import { CustomerFormFields, type CustomerForm } from './customer-form';

/** /customers/create. */
export function CustomerCreatePage({ tenant }: { tenant: Tenant }) {
  const intl = useIntl();
  const locale = useLocale();
  const creator = useRecordCreator({
    path: { tenantId: tenant.id },
    create: createCustomerMutation(),
    listKey: listCustomersQueryKey({ path: { tenantId: tenant.id } }),
    name: ({ customer }) => [customer.name, customer.lastName].filter(Boolean).join(' '),
    texts: customerMessages,
    next: ({ customer }) => ({ to: '/{-$locale}/customers/$customerId', params: { customerId: customer.id } }),
  });
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
        alert={<SaveAlert state={save} paused={creator.paused} />}
        onSubmit={save.submit(creator.submit((values) => ({ customer: toCustomerInput(values) })))}
      />
    </Stack>
  );
}
