import { Alert, Anchor, Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import {
  deleteServiceMutation,
  getServiceOptions,
  getServiceQueryKey,
  listServicesQueryKey,
  updateServiceMutation,
} from '@generated/@tanstack/react-query.gen';
import type { Service, Tenant } from '@generated/types.gen';
import { useLocale } from '~/app/use-locale';
import { ApiErrorAlert } from '~/components/api-error-alert';
import { ConfirmDeleteModal } from '~/components/confirm-delete-modal';
import { LoadError } from '~/components/load-error';
import { PageLoader } from '~/components/page-loader';
import { PausedNotice } from '~/components/paused-notice';
import { StaleVersionAlert } from '~/components/stale-version-alert';
import { isStaleVersion } from '~/lib/api-problem';
import { localeParam } from '~/lib/locale';
import { useAfterServiceSaved } from '../hooks/use-after-service-saved';
import { useCanManageCatalogue } from '~/app/session/use-can-manage-catalogue';
import { serviceMessages } from '../messages';
import { serviceFormFromService, toServiceUpdate } from '../schemas/service-form-schema';
import { applyServerErrors } from './apply-server-errors';
import { ServiceFormFields } from './service-form';

/** /services/{id}: a service to change or delete. */
export function ServiceEditPage({ tenant, id }: { tenant: Tenant; id: string }) {
  const service = useQuery(getServiceOptions({ path: { tenantId: tenant.id, id } }));
  if (service.isPending) return <PageLoader />;
  if (service.isError) return <LoadError onRetry={() => void service.refetch()} retrying={service.isFetching} />;
  return <ServiceEditor tenant={tenant} service={service.data.service} reload={() => service.refetch()} />;
}

function ServiceEditor({ tenant, service, reload }: { tenant: Tenant; service: Service; reload: () => Promise<unknown> }) {
  const intl = useIntl();
  const locale = useLocale();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const canManage = useCanManageCatalogue(tenant);
  const update = useMutation(updateServiceMutation());
  const remove = useMutation(deleteServiceMutation());
  const afterSaved = useAfterServiceSaved(tenant);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [stale, setStale] = useState(false);
  // The form starts again from the server's values after a reload (a new key remounts it).
  const [formKey, setFormKey] = useState(0);
  const path = { tenantId: tenant.id, id: service.id };
  const archived = Boolean(service.archivedAt);
  const readOnly = canManage !== true || archived;

  const reloadService = async () => {
    await reload();
    setStale(false);
    setError(null);
    setFormKey((key) => key + 1);
  };

  return (
    <Stack gap="lg" maw={960}>
      <Stack gap={4}>
        <Anchor size="sm" renderRoot={(props) => <Link {...props} to="/{-$locale}/services" params={{ locale: localeParam(locale) }} />}>
          <FormattedMessage id="services.back" defaultMessage="← Services" />
        </Anchor>
        <Group justify="space-between" align="center">
          <Group gap="sm">
            <Title order={1}>{service.name}</Title>
            {service.active ? null : (
              <Badge color="gray" variant="light">
                {intl.formatMessage(serviceMessages.inactive)}
              </Badge>
            )}
          </Group>
          {canManage && !archived ? (
            <Button variant="subtle" color="red" leftSection={<IconTrash size={16} aria-hidden />} onClick={() => setConfirmDelete(true)}>
              <FormattedMessage id="services.delete" defaultMessage="Delete" />
            </Button>
          ) : null}
        </Group>
      </Stack>
      {canManage === false ? (
        <Text size="sm" c="dimmed">
          {intl.formatMessage(serviceMessages.readOnly)}
        </Text>
      ) : null}
      {archived ? (
        <Alert color="gray" variant="light">
          <FormattedMessage
            id="services.archived"
            defaultMessage="This service was deleted. It is kept only for the appointments and sales that refer to it."
          />
        </Alert>
      ) : null}

      <ServiceFormFields
        tenantId={tenant.id}
        key={formKey}
        readOnly={readOnly}
        defaultValues={serviceFormFromService(service)}
        currencyCode={service.price.currency}
        currencySymbol={service.price.currency === tenant.currency.currencyCode ? tenant.currencySymbol : undefined}
        submitLabel={<FormattedMessage id="services.save" defaultMessage="Save changes" />}
        alert={
          <>
            {stale ? (
              <StaleVersionAlert
                title={intl.formatMessage(serviceMessages.staleTitle)}
                message={intl.formatMessage(serviceMessages.staleMessage)}
                reloadLabel={intl.formatMessage(serviceMessages.staleReload)}
                onReload={() => void reloadService()}
              />
            ) : (
              <ApiErrorAlert error={error} messages={{ forbidden: intl.formatMessage(serviceMessages.forbidden) }} />
            )}
            <PausedNotice paused={update.isPaused} />
          </>
        }
        onSubmit={async (values, form) => {
          setError(null);
          setStale(false);
          try {
            const { service: saved } = await update.mutateAsync({ path, body: { service: toServiceUpdate(values, service) } });
            queryClient.setQueryData(getServiceQueryKey({ path }), { service: saved });
            form.reset(serviceFormFromService(saved));
            await afterSaved(saved);
            notifications.show({
              color: 'green',
              title: intl.formatMessage({ id: 'services.saved.title', defaultMessage: 'Service saved' }),
              message: saved.name,
            });
          } catch (failure) {
            if (isStaleVersion(failure)) setStale(true);
            else if (!applyServerErrors(failure, form, intl)) setError(failure);
          }
        }}
      />

      <ConfirmDeleteModal
        opened={confirmDelete}
        onClose={() => setConfirmDelete(false)}
        title={intl.formatMessage({ id: 'services.delete.title', defaultMessage: 'Delete this service?' })}
        error={remove.error}
        errorMessages={{ forbidden: intl.formatMessage(serviceMessages.forbidden) }}
        pending={remove.isPending}
        onConfirm={() =>
          remove.mutate(
            { path },
            {
              onSuccess: async () => {
                queryClient.removeQueries({ queryKey: getServiceQueryKey({ path }) });
                await queryClient.invalidateQueries({ queryKey: listServicesQueryKey({ path: { tenantId: tenant.id } }) });
                notifications.show({
                  color: 'green',
                  title: intl.formatMessage({ id: 'services.deleted.title', defaultMessage: 'Service deleted' }),
                  message: service.name,
                });
                await navigate({ to: '/{-$locale}/services', params: { locale: localeParam(locale) } });
              },
            },
          )
        }
        confirmLabel={<FormattedMessage id="services.delete.confirm" defaultMessage="Delete service" />}
      >
        <FormattedMessage
          id="services.delete.message"
          defaultMessage="{name} leaves your services and can no longer be booked. Appointments and sales that already have it keep it."
          values={{ name: service.name }}
        />
      </ConfirmDeleteModal>
    </Stack>
  );
}
