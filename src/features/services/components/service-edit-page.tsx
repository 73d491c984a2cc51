import { Alert, Badge, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { FormattedMessage, useIntl } from 'react-intl';
import {
  deleteServiceMutation,
  getServiceOptions,
  getServiceQueryKey,
  listServicesQueryKey,
  updateServiceMutation,
} from '@generated/@tanstack/react-query.gen';
import type { Service, Tenant } from '@generated/types.gen';
import { useCanManageCatalogue } from '~/entities/session/use-can-manage-catalogue';
import { useLocale } from '~/lib/use-locale';
import { AnchorLink } from '~/components/anchor-link';
import { DeleteButton, useAfterDelete } from '~/components/delete-button';
import { PageHeader } from '~/components/page-header';
import { QueryState } from '~/components/query-state';
import { ReadOnlyNote } from '~/components/read-only-note';
import { SaveAlert } from '~/components/save-alert';
import { localeParam } from '~/lib/locale';
import { useSaveState } from '~/lib/use-save-state';
import { useAfterServiceSaved } from '../hooks/use-after-service-saved';
import { serviceMessages } from '../messages';
import { serviceFormFromService, toServiceUpdate } from '../schemas/service-form-schema';
import { applyServerErrors } from './apply-server-errors';
import { ServiceFormFields, type ServiceForm } from './service-form';

/** /services/{id}: a service to change or delete. */
export function ServiceEditPage({ tenant, id }: { tenant: Tenant; id: string }) {
  const service = useQuery(getServiceOptions({ path: { tenantId: tenant.id, id } }));
  return <QueryState query={service}>{(data) => <ServiceEditor tenant={tenant} service={data.service} reload={() => service.refetch()} />}</QueryState>;
}

function ServiceEditor({ tenant, service, reload }: { tenant: Tenant; service: Service; reload: () => Promise<unknown> }) {
  const intl = useIntl();
  const locale = useLocale();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const afterDelete = useAfterDelete();
  const canManage = useCanManageCatalogue(tenant);
  const update = useMutation(updateServiceMutation());
  const remove = useMutation(deleteServiceMutation());
  const afterSaved = useAfterServiceSaved(tenant);
  const save = useSaveState<ServiceForm>({ reload, applyServerErrors: (failure, form) => applyServerErrors(failure, form, intl, tenant.currency.currencyCode) });
  const path = { tenantId: tenant.id, id: service.id };
  const archived = Boolean(service.archivedAt);

  return (
    <Stack gap="lg" maw={960}>
      <PageHeader
        back={
          <AnchorLink size="sm" to="/{-$locale}/services">
            <FormattedMessage id="services.back" defaultMessage="← Services" />
          </AnchorLink>
        }
        title={service.name}
        badges={
          service.active ? null : (
            <Badge color="gray" variant="light">
              {intl.formatMessage(serviceMessages.inactive)}
            </Badge>
          )
        }
        actions={
          canManage && !archived ? (
            <DeleteButton
              label={<FormattedMessage id="services.delete" defaultMessage="Delete" />}
              title={intl.formatMessage({ id: 'services.delete.title', defaultMessage: 'Delete this service?' })}
              error={remove.error}
              errorMessages={{ forbidden: intl.formatMessage(serviceMessages.forbidden) }}
              pending={remove.isPending}
              onConfirm={() =>
                remove.mutate(
                  { path },
                  {
                    onSuccess: () =>
                      afterDelete({
                        record: getServiceQueryKey({ path }),
                        list: listServicesQueryKey({ path: { tenantId: tenant.id } }),
                        notice: { title: intl.formatMessage({ id: 'services.deleted.title', defaultMessage: 'Service deleted' }), message: service.name },
                        back: () => navigate({ to: '/{-$locale}/services', params: { locale: localeParam(locale) } }),
                      }),
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
            </DeleteButton>
          ) : null
        }
      />
      <ReadOnlyNote show={canManage === false} message={serviceMessages.readOnly} />
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
        key={save.formKey}
        readOnly={canManage !== true || archived}
        defaultValues={serviceFormFromService(service)}
        currencyCode={service.price.currency}
        currencySymbol={service.price.currency === tenant.currency.currencyCode ? tenant.currencySymbol : undefined}
        submitLabel={<FormattedMessage id="services.save" defaultMessage="Save changes" />}
        alert={<SaveAlert state={save} texts={serviceMessages} paused={update.isPaused} />}
        onSubmit={save.submit(async (values, form) => {
          const { service: saved } = await update.mutateAsync({ path, body: { service: toServiceUpdate(values, service) } });
          queryClient.setQueryData(getServiceQueryKey({ path }), { service: saved });
          form.reset(serviceFormFromService(saved));
          await afterSaved(saved);
          notifications.show({
            color: 'green',
            title: intl.formatMessage({ id: 'services.saved.title', defaultMessage: 'Service saved' }),
            message: saved.name,
          });
        })}
      />
    </Stack>
  );
}
