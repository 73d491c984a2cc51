import { Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { FormattedMessage, useIntl } from 'react-intl';
import { getServiceObjectOptions, getServiceObjectQueryKey, listServiceObjectsQueryKey, updateServiceObjectMutation } from '@generated/@tanstack/react-query.gen';
import type { ServiceObject, Tenant } from '@generated/types.gen';
import { useLocale } from '~/lib/use-locale';
import { PageHeader } from '~/components/page-header';
import { QueryState } from '~/components/query-state';
import { SaveAlert } from '~/components/save-alert';
import { localeParam } from '~/lib/locale';
import { useSaveState } from '~/lib/use-save-state';
import { serviceObjectMessages } from '../messages';
import { serviceObjectFormFrom, toServiceObjectUpdate } from '../schemas/service-object-form-schema';
import { applyServerErrors } from './apply-server-errors';
import { BackToList } from './back-to-list';
import { DeleteServiceObjectButton } from './delete-service-object';
import { ServiceObjectFormFields, type ServiceObjectForm } from './service-object-form';

/** /customers/{customerId}/{serviceId}/edit: change an object (optimistic version: 409 shows a reload). */
export function ServiceObjectEditPage({ tenant, customerId, id }: { tenant: Tenant; customerId: string; id: string }) {
  const object = useQuery(getServiceObjectOptions({ path: { tenantId: tenant.id, customerId, id } }));
  return <QueryState query={object}>{(data) => <ServiceObjectEditor tenant={tenant} object={data.serviceObject} reload={() => object.refetch()} />}</QueryState>;
}

function ServiceObjectEditor({ tenant, object, reload }: { tenant: Tenant; object: ServiceObject; reload: () => Promise<unknown> }) {
  const intl = useIntl();
  const locale = useLocale();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const update = useMutation(updateServiceObjectMutation());
  const save = useSaveState<ServiceObjectForm>({ reload, applyServerErrors: (failure, form) => applyServerErrors(failure, form, intl) });
  const path = { tenantId: tenant.id, customerId: object.customerId, id: object.id };

  return (
    <Stack gap="lg" maw={960}>
      <PageHeader back={<BackToList customerId={object.customerId} />} title={object.name} actions={<DeleteServiceObjectButton object={object} />} />
      <ServiceObjectFormFields
        key={save.formKey}
        tenantId={tenant.id}
        defaultValues={serviceObjectFormFrom(object)}
        submitLabel={<FormattedMessage id="serviceObjects.edit.save" defaultMessage="Save changes" />}
        alert={<SaveAlert state={save} texts={serviceObjectMessages} paused={update.isPaused} />}
        onSubmit={save.submit(async (values, form) => {
          const { serviceObject: saved } = await update.mutateAsync({ path, body: { serviceObject: toServiceObjectUpdate(values, object) } });
          queryClient.setQueryData(getServiceObjectQueryKey({ path }), { serviceObject: saved });
          await queryClient.invalidateQueries({ queryKey: listServiceObjectsQueryKey({ path: { tenantId: tenant.id, customerId: object.customerId } }) });
          form.reset(serviceObjectFormFrom(saved));
          notifications.show({ color: 'green', title: intl.formatMessage({ id: 'serviceObjects.saved.title', defaultMessage: 'Object saved' }), message: saved.name });
          await navigate({
            to: '/{-$locale}/customers/$customerId/$serviceId/view',
            params: { locale: localeParam(locale), customerId: object.customerId, serviceId: object.id },
          });
        })}
      />
    </Stack>
  );
}
