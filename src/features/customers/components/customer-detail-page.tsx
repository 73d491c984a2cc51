import { Anchor, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconBox, IconDownload, IconTrash } from '@tabler/icons-react';
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
import { useLocale } from '~/app/use-locale';
import { ApiErrorAlert } from '~/components/api-error-alert';
import { ConfirmDeleteModal } from '~/components/confirm-delete-modal';
import { LoadError } from '~/components/load-error';
import { PageLoader } from '~/components/page-loader';
import { PausedNotice } from '~/components/paused-notice';
import { StaleVersionAlert } from '~/components/stale-version-alert';
import { isStaleVersion } from '~/lib/api-problem';
import { localeParam } from '~/lib/locale';
import { formatPhone } from '~/lib/phone';
import { downloadText } from '../download';
import { useBusinessToday } from '../hooks/use-business-today';
import { customerMessages } from '../messages';
import { customerFormFrom, toCustomerUpdate } from '../schemas/customer-form-schema';
import { applyServerErrors } from './apply-server-errors';
import { CustomerAppointments } from './customer-appointments';
import { CustomerFormFields } from './customer-form';
import { TagBadge } from './tag-badge';

/** /customers/{customerId}: a customer to see, change, export or delete. */
export function CustomerDetailPage({ tenant, customerId }: { tenant: Tenant; customerId: string }) {
  const customer = useQuery(getCustomerOptions({ path: { tenantId: tenant.id, id: customerId } }));
  if (customer.isPending) return <PageLoader />;
  if (customer.isError) return <LoadError onRetry={() => void customer.refetch()} retrying={customer.isFetching} />;
  return <CustomerEditor tenant={tenant} customer={customer.data.customer} reload={() => customer.refetch()} />;
}

const fullName = (customer: Pick<Customer, 'name' | 'lastName'>) => [customer.name, customer.lastName].filter(Boolean).join(' ');

function CustomerEditor({ tenant, customer, reload }: { tenant: Tenant; customer: Customer; reload: () => Promise<unknown> }) {
  const intl = useIntl();
  const locale = useLocale();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const update = useMutation(updateCustomerMutation());
  const remove = useMutation(deleteCustomerMutation());
  const tags = useQuery(listCustomerTagsOptions({ path: { tenantId: tenant.id }, query: { limit: 200 } }));
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [exportError, setExportError] = useState<unknown>(null);
  const [exporting, setExporting] = useState(false);
  const [stale, setStale] = useState(false);
  const [formKey, setFormKey] = useState(0);
  const todayText = useBusinessToday(tenant.timeZone);
  const path = { tenantId: tenant.id, id: customer.id };
  const invalidateList = () => queryClient.invalidateQueries({ queryKey: listCustomersQueryKey({ path: { tenantId: tenant.id } }) });
  const customerTags = (tags.data?.items ?? []).filter((tag) => customer.tagIds.includes(tag.id));

  const reloadCustomer = async () => {
    await reload();
    setStale(false);
    setError(null);
    setFormKey((key) => key + 1);
  };

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
      <Stack gap={4}>
        <Anchor size="sm" renderRoot={(props) => <Link {...props} to="/{-$locale}/customers" params={{ locale: localeParam(locale) }} />}>
          <FormattedMessage id="customers.back" defaultMessage="← Customers" />
        </Anchor>
        <Group justify="space-between" align="center">
          <Stack gap={2}>
            <Title order={1}>{fullName(customer)}</Title>
            <Group gap="xs">
              {customer.phoneNumber ? <Text c="dimmed">{formatPhone(customer.phoneCountryCode, customer.phoneNumber)}</Text> : null}
              {customerTags.map((tag) => (
                <TagBadge key={tag.id} tag={tag} />
              ))}
            </Group>
          </Stack>
          <Group gap="xs">
            <Button variant="default" leftSection={<IconDownload size={16} aria-hidden />} loading={exporting} onClick={() => void exportData()}>
              <FormattedMessage id="customers.gdpr.export" defaultMessage="Export data (GDPR)" />
            </Button>
            <Button variant="subtle" color="red" leftSection={<IconTrash size={16} aria-hidden />} onClick={() => setConfirmDelete(true)}>
              <FormattedMessage id="customers.delete" defaultMessage="Delete" />
            </Button>
          </Group>
        </Group>
      </Stack>
      <ApiErrorAlert error={exportError} />

      <CustomerFormFields
        key={formKey}
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
        alert={
          <>
            {stale ? (
              <StaleVersionAlert
                title={intl.formatMessage(customerMessages.staleTitle)}
                message={intl.formatMessage(customerMessages.staleMessage)}
                reloadLabel={intl.formatMessage(customerMessages.staleReload)}
                onReload={() => void reloadCustomer()}
              />
            ) : (
              <ApiErrorAlert error={error} />
            )}
            <PausedNotice paused={update.isPaused} />
          </>
        }
        onSubmit={async (values, form) => {
          setError(null);
          setStale(false);
          try {
            const { customer: saved } = await update.mutateAsync({ path, body: { customer: toCustomerUpdate(values, customer) } });
            queryClient.setQueryData(getCustomerQueryKey({ path }), { customer: saved });
            await invalidateList();
            form.reset(customerFormFrom(saved, tenant.locale || locale));
            notifications.show({
              color: 'green',
              title: intl.formatMessage({ id: 'customers.saved.title', defaultMessage: 'Customer saved' }),
              message: fullName(saved),
            });
          } catch (failure) {
            if (isStaleVersion(failure)) setStale(true);
            else if (!applyServerErrors(failure, form, intl)) setError(failure);
          }
        }}
      />

      <Card withBorder radius="lg" padding="lg">
        <Group justify="space-between">
          <Stack gap={2}>
            <Title order={2} size="h4">
              <FormattedMessage id="customers.objects.title" defaultMessage="Objects" />
            </Title>
            <Text size="sm" c="dimmed">
              <FormattedMessage id="customers.objects.description" defaultMessage="Things this customer brings to be serviced: a car, a pet, a device…" />
            </Text>
          </Stack>
          <Button
            variant="light"
            leftSection={<IconBox size={16} aria-hidden />}
            renderRoot={(props) => (
              <Link {...props} to="/{-$locale}/customers/$customerId/services-object" params={{ locale: localeParam(locale), customerId: customer.id }} />
            )}
          >
            <FormattedMessage id="customers.objects.open" defaultMessage="Objects" />
          </Button>
        </Group>
      </Card>

      <CustomerAppointments tenant={tenant} customerId={customer.id} />

      <ConfirmDeleteModal
        opened={confirmDelete}
        onClose={() => setConfirmDelete(false)}
        title={intl.formatMessage({ id: 'customers.delete.title', defaultMessage: 'Delete this customer?' })}
        error={remove.error}

        pending={remove.isPending}
        onConfirm={() =>
          remove.mutate(
            { path },
            {
              onSuccess: async () => {
                queryClient.removeQueries({ queryKey: getCustomerQueryKey({ path }) });
                await invalidateList();
                notifications.show({
                  color: 'green',
                  title: intl.formatMessage({ id: 'customers.deleted.title', defaultMessage: 'Customer deleted' }),
                  message: fullName(customer),
                });
                await navigate({ to: '/{-$locale}/customers', params: { locale: localeParam(locale) } });
              },
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
      </ConfirmDeleteModal>
    </Stack>
  );
}
