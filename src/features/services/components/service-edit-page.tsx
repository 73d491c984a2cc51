import { Alert, Badge, Stack } from '@mantine/core';
import { FormattedMessage, useIntl } from 'react-intl';
import {
  deleteServiceMutation,
  getServiceOptions,
  getServiceQueryKey,
  listServicesQueryKey,
  updateServiceMutation,
} from '@generated/@tanstack/react-query.gen';
import type { ServiceResponse, Tenant } from '@generated/types.gen';
import { useCanManageCatalogue } from '~/entities/session/use-can-manage-catalogue';
import { RecordEditorHeader, RecordQuery, useRecordEditor } from '~/components/record-editor';
import { SaveAlert } from '~/components/save-alert';
import { useAfterServiceSaved } from '../hooks/use-after-service-saved';
import { serviceMessages } from '../messages';
import { serviceFormFromService, toServiceUpdate } from '../schemas/service-form-schema';
import { applyServerErrors } from './apply-server-errors';
import { ServiceFormFields, type ServiceForm } from './service-form';

/** /services/{id}: a service to change or delete. */
export function ServiceEditPage({ tenant, id }: { tenant: Tenant; id: string }) {
  return (
    <RecordQuery options={getServiceOptions({ path: { tenantId: tenant.id, id } })}>
      {(data, reload) => <ServiceEditor tenant={tenant} data={data} reload={reload} />}
    </RecordQuery>
  );
}

function ServiceEditor({ tenant, data, reload }: { tenant: Tenant; data: ServiceResponse; reload: () => Promise<unknown> }) {
  const intl = useIntl();
  const service = data.service;
  const canManage = useCanManageCatalogue(tenant);
  const afterSaved = useAfterServiceSaved(tenant);
  const path = { tenantId: tenant.id, id: service.id };
  const editor = useRecordEditor({
    path,
    recordKey: getServiceQueryKey({ path }),
    listKey: listServicesQueryKey({ path: { tenantId: tenant.id } }),
    listTo: '/{-$locale}/services',
    update: updateServiceMutation(),
    remove: deleteServiceMutation(),
    reload,
    applyServerErrors: (failure: unknown, form: ServiceForm) => applyServerErrors(failure, form, intl, tenant.currency.currencyCode),
    current: data,
    name: (response) => response.service.name,
    texts: serviceMessages,
    // The list refetches, and the session's business follows when the first active service completed onboarding.
    afterSave: (response) => afterSaved(response.service),
  });
  const archived = Boolean(service.archivedAt);
  // What the till charges by: a save writes the business's price mode onto the service.
  const pricesIncludeTax = tenant.pricesIncludeTax ?? true;

  return (
    <Stack gap="lg" maw={960}>
      <RecordEditorHeader
        editor={editor}
        listTo="/{-$locale}/services"
        backLabel={<FormattedMessage id="services.back" defaultMessage="← Services" />}
        title={service.name}
        badges={
          service.active ? null : (
            <Badge color="gray" variant="light">
              {intl.formatMessage(serviceMessages.inactive)}
            </Badge>
          )
        }
        canManage={canManage}
        canDelete={canManage === true && !archived}
        texts={serviceMessages}
        remove={{
          label: <FormattedMessage id="services.delete" defaultMessage="Delete" />,
          title: intl.formatMessage({ id: 'services.delete.title', defaultMessage: 'Delete this service?' }),
          confirmLabel: <FormattedMessage id="services.delete.confirm" defaultMessage="Delete service" />,
          message: (
            <FormattedMessage
              id="services.delete.message"
              defaultMessage="{name} leaves your services and can no longer be booked. Appointments and sales that already have it keep it."
              values={{ name: service.name }}
            />
          ),
        }}
      />
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
        key={editor.save.formKey}
        readOnly={canManage !== true || archived}
        defaultValues={serviceFormFromService(service, pricesIncludeTax)}
        taxName={tenant.taxName}
        currencyCode={service.price.currency}
        currencySymbol={service.price.currency === tenant.currency.currencyCode ? tenant.currencySymbol : undefined}
        submitLabel={<FormattedMessage id="services.save" defaultMessage="Save changes" />}
        alert={<SaveAlert state={editor.save} texts={serviceMessages} paused={editor.paused} />}
        onSubmit={editor.submit(
          (values) => ({ service: toServiceUpdate(values, service) }),
          (response) => serviceFormFromService(response.service, pricesIncludeTax),
        )}
      />
    </Stack>
  );
}
