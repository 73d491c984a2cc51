import { Button, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCalendarPlus, IconDownload, IconReceipt } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import {
  deleteCustomerMutation,
  exportCustomerDataOptions,
  getCustomerOptions,
  getCustomerQueryKey,
  listCustomersQueryKey,
  listCustomerTagsOptions,
  updateCustomerMutation,
} from '@generated/@tanstack/react-query.gen';
import type { Customer, Tenant } from '@generated/types.gen';
import { useLocale } from '~/lib/use-locale';
import { AnchorLink } from '~/components/anchor-link';
import { ApiErrorAlert } from '~/components/api-error-alert';
import { DeleteButton, useAfterDelete } from '~/components/delete-button';
import { PageHeader } from '~/components/page-header';
import { QueryState } from '~/components/query-state';
import { SaveAlert } from '~/components/save-alert';
import { MAX_CUSTOMER_TAGS } from '@common/limits';
import { localeParam } from '~/lib/locale';
import { formatPhone } from '~/lib/phone';
import { useSaveState } from '~/lib/use-save-state';
import { downloadText } from '~/lib/download';
import { useBusinessToday } from '../hooks/use-business-today';
import { customerMessages } from '../messages';
import { customerFormFrom, toCustomerUpdate } from '../schemas/customer-form-schema';
import { applyServerErrors } from './apply-server-errors';
import { CustomerAppointments } from './customer-appointments';
import { CustomerFormFields, type CustomerForm } from './customer-form';
import { CustomerObjects } from './customer-objects';
import { TagBadge } from '~/entities/customer/tag-badge';

/** /customers/{customerId}: a customer to see, change, export or delete. */
export function CustomerDetailPage({ tenant, customerId }: { tenant: Tenant; customerId: string }) {
  const customer = useQuery(getCustomerOptions({ path: { tenantId: tenant.id, id: customerId } }));
  return <QueryState query={customer}>{(data) => <CustomerEditor tenant={tenant} customer={data.customer} reload={() => customer.refetch()} />}</QueryState>;
}

const fullName = (customer: Pick<Customer, 'name' | 'lastName'>) => [customer.name, customer.lastName].filter(Boolean).join(' ');

function CustomerEditor({ tenant, customer, reload }: { tenant: Tenant; customer: Customer; reload: () => Promise<unknown> }) {
  const intl = useIntl();
  const locale = useLocale();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const afterDelete = useAfterDelete();
  const update = useMutation(updateCustomerMutation());
  const remove = useMutation(deleteCustomerMutation());
  const tags = useQuery(listCustomerTagsOptions({ path: { tenantId: tenant.id }, query: { limit: MAX_CUSTOMER_TAGS } }));
  const save = useSaveState<CustomerForm>({ reload, applyServerErrors: (failure, form) => applyServerErrors(failure, form, intl) });
  const [exportError, setExportError] = useState<unknown>(null);
  const [exporting, setExporting] = useState(false);
  const todayText = useBusinessToday(tenant.timeZone);
  const path = { tenantId: tenant.id, id: customer.id };
  const listKey = listCustomersQueryKey({ path: { tenantId: tenant.id } });
  const invalidateList = () => queryClient.invalidateQueries({ queryKey: listKey });
  const customerTags = (tags.data?.items ?? []).filter((tag) => customer.tagIds.includes(tag.id));

  const exportData = async () => {
    setExportError(null);
    setExporting(true);
    try {
      const data = await queryClient.fetchQuery({ ...exportCustomerDataOptions({ path }), staleTime: 0 });
      const slug = fullName(customer)
        .toLowerCase()
        .normalize('NFD')
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/^-|-$/g, '');
      downloadText(`${slug || 'customer'}-data.json`, 'application/json', JSON.stringify(data, null, 2));
    } catch (failure) {
      setExportError(failure);
    } finally {
      setExporting(false);
    }
  };

  return (
    <Stack gap="lg" maw={960}>
      <PageHeader
        back={
          <AnchorLink size="sm" to="/{-$locale}/customers">
            <FormattedMessage id="customers.back" defaultMessage="← Customers" />
          </AnchorLink>
        }
        title={fullName(customer)}
        subtitle={
          <Group gap="xs">
            {customer.phoneNumber ? <Text c="dimmed">{formatPhone(customer.phoneCountryCode, customer.phoneNumber)}</Text> : null}
            {customerTags.map((tag) => (
              <TagBadge key={tag.id} tag={tag} />
            ))}
          </Group>
        }
        actions={
          <Group gap="xs">
            <Button
              leftSection={<IconCalendarPlus size={16} aria-hidden />}
              renderRoot={(props) => (
                <Link {...props} to="/{-$locale}/appointments/create" params={{ locale: localeParam(locale) }} search={{ customerId: customer.id }} />
              )}
            >
              <FormattedMessage id="customers.detail.newAppointment" defaultMessage="New appointment" />
            </Button>
            <Button
              variant="default"
              leftSection={<IconReceipt size={16} aria-hidden />}
              renderRoot={(props) => <Link {...props} to="/{-$locale}/sales" params={{ locale: localeParam(locale) }} search={{ customerId: customer.id }} />}
            >
              <FormattedMessage id="customers.detail.sales" defaultMessage="Sales" />
            </Button>
            <Button variant="default" leftSection={<IconDownload size={16} aria-hidden />} loading={exporting} onClick={() => void exportData()}>
              <FormattedMessage id="customers.gdpr.export" defaultMessage="Export data (GDPR)" />
            </Button>
            <DeleteButton
              label={<FormattedMessage id="customers.delete" defaultMessage="Delete" />}
              title={intl.formatMessage({ id: 'customers.delete.title', defaultMessage: 'Delete this customer?' })}
              error={remove.error}
              pending={remove.isPending}
              onConfirm={() =>
                remove.mutate(
                  { path },
                  {
                    onSuccess: () =>
                      afterDelete({
                        record: getCustomerQueryKey({ path }),
                        list: listKey,
                        notice: { title: intl.formatMessage({ id: 'customers.deleted.title', defaultMessage: 'Customer deleted' }), message: fullName(customer) },
                        back: () => navigate({ to: '/{-$locale}/customers', params: { locale: localeParam(locale) } }),
                      }),
                  },
                )
              }
              confirmLabel={<FormattedMessage id="customers.delete.confirm" defaultMessage="Delete customer" />}
            >
              <FormattedMessage
                id="customers.delete.message"
                defaultMessage="{name} and their objects are erased. Past appointments, sales and invoices keep their name."
                values={{ name: fullName(customer) }}
              />
            </DeleteButton>
          </Group>
        }
      />
      <ApiErrorAlert error={exportError} />

      <CustomerFormFields
        key={save.formKey}
        tenantId={tenant.id}
        customerId={customer.id}
        today={todayText}
        defaultValues={customerFormFrom(customer, tenant.locale || locale)}
        consentSince={
          customer.marketingConsentAt ? (
            <FormattedMessage
              id="customers.form.consent.since"
              defaultMessage="Given on {date}"
              values={{ date: intl.formatDate(customer.marketingConsentAt, { dateStyle: 'long', timeZone: tenant.timeZone }) }}
            />
          ) : undefined
        }
        submitLabel={<FormattedMessage id="customers.save" defaultMessage="Save changes" />}
        alert={<SaveAlert state={save} texts={customerMessages} paused={update.isPaused} />}
        onSubmit={save.submit(async (values, form) => {
          const { customer: saved } = await update.mutateAsync({ path, body: { customer: toCustomerUpdate(values, customer) } });
          queryClient.setQueryData(getCustomerQueryKey({ path }), { customer: saved });
          await invalidateList();
          form.reset(customerFormFrom(saved, tenant.locale || locale));
          notifications.show({
            color: 'green',
            title: intl.formatMessage({ id: 'customers.saved.title', defaultMessage: 'Customer saved' }),
            message: fullName(saved),
          });
        })}
      />

      <CustomerObjects tenantId={tenant.id} customerId={customer.id} />

      <CustomerAppointments tenant={tenant} customerId={customer.id} />

    </Stack>
  );
}
