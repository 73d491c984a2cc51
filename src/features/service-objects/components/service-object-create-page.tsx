import { Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { FormattedMessage, useIntl } from 'react-intl';
import { createServiceObjectMutation, getServiceObjectQueryKey, listServiceObjectsQueryKey } from '@generated/@tanstack/react-query.gen';
import type { Tenant } from '@generated/types.gen';
import { useLocale } from '~/lib/use-locale';
import { localeParam } from '~/lib/locale';
import { useIdempotencyKey } from '~/lib/use-idempotency-key';
import { useSaveState } from '~/lib/use-save-state';
import { SaveAlert } from '~/components/save-alert';
import { PageHeader } from '~/components/page-header';
import { newServiceObjectForm, toServiceObjectInput } from '../schemas/service-object-form-schema';
import { applyServerErrors } from './apply-server-errors';
import { BackToList } from './back-to-list';
import { CustomerName } from './customer-name';
import { ServiceObjectFormFields, type ServiceObjectForm } from './service-object-form';

/** /customers/{customerId}/create: a new object for the customer. */
export function ServiceObjectCreatePage({ tenant, customerId }: { tenant: Tenant; customerId: string }) {
  const intl = useIntl();
  const locale = useLocale();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const create = useMutation(createServiceObjectMutation());
  const idempotency = useIdempotencyKey();
  const save = useSaveState<ServiceObjectForm>({ applyServerErrors: (failure, form) => applyServerErrors(failure, form, intl) });
  const path = { tenantId: tenant.id, customerId };

  return (
    <Stack gap="lg" maw={960}>
      <PageHeader
        back={<BackToList customerId={customerId} />}
        title={<FormattedMessage id="serviceObjects.create.title" defaultMessage="New object" />}
        subtitle={<CustomerName tenantId={tenant.id} customerId={customerId} />}
      />
      <ServiceObjectFormFields
        tenantId={tenant.id}
        defaultValues={newServiceObjectForm()}
        submitLabel={<FormattedMessage id="serviceObjects.create.save" defaultMessage="Save object" />}
        alert={<SaveAlert state={save} paused={create.isPaused} />}
        onSubmit={save.submit(async (values, form) => {
          const { serviceObject } = await create.mutateAsync({
            path,
            headers: { 'Idempotency-Key': idempotency.key() },
            body: { serviceObject: toServiceObjectInput(values) },
          });
          idempotency.renew();
          queryClient.setQueryData(getServiceObjectQueryKey({ path: { ...path, id: serviceObject.id } }), { serviceObject });
          await queryClient.invalidateQueries({ queryKey: listServiceObjectsQueryKey({ path }) });
          form.reset(values);
          notifications.show({ color: 'green', title: intl.formatMessage({ id: 'serviceObjects.created.title', defaultMessage: 'Object added' }), message: serviceObject.name });
          await navigate({ to: '/{-$locale}/customers/$customerId/$serviceId/view', params: { locale: localeParam(locale), customerId, serviceId: serviceObject.id } });
        })}
      />
    </Stack>
  );
}
