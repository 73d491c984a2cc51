import { Stack } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { FormattedMessage, useIntl } from 'react-intl';
import { createServiceObjectMutation, getServiceObjectQueryKey, listServiceObjectsQueryKey } from '@generated/@tanstack/react-query.gen';
import type { Tenant } from '@generated/types.gen';
import { useSaveState } from '~/lib/use-save-state';
import { SaveAlert } from '~/components/save-alert';
import { PageHeader } from '~/components/page-header';
import { useRecordCreator } from '~/components/record-editor';
import { serviceObjectMessages } from '../messages';
import { newServiceObjectForm, toServiceObjectInput } from '../schemas/service-object-form-schema';
import { applyServerErrors } from './apply-server-errors';
import { BackToList } from './back-to-list';
import { CustomerName } from './customer-name';
import { ServiceObjectFormFields, type ServiceObjectForm } from './service-object-form';

/** /customers/{customerId}/create: a new object for the customer. */
export function ServiceObjectCreatePage({ tenant, customerId }: { tenant: Tenant; customerId: string }) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const path = { tenantId: tenant.id, customerId };
  const listKey = listServiceObjectsQueryKey({ path });
  const creator = useRecordCreator({
    path,
    create: createServiceObjectMutation(),
    listKey,
    // The new object's page shows it at once from the cache.
    afterSave: async ({ serviceObject }) => {
      queryClient.setQueryData(getServiceObjectQueryKey({ path: { ...path, id: serviceObject.id } }), { serviceObject });
      await queryClient.invalidateQueries({ queryKey: listKey });
    },
    name: ({ serviceObject }) => serviceObject.name,
    texts: serviceObjectMessages,
    next: ({ serviceObject }) => ({ to: '/{-$locale}/customers/$customerId/$serviceId/view', params: { customerId, serviceId: serviceObject.id } }),
  });
  const save = useSaveState<ServiceObjectForm>({ applyServerErrors: (failure, form) => applyServerErrors(failure, form, intl) });

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
        alert={<SaveAlert state={save} paused={creator.paused} />}
        onSubmit={save.submit(creator.submit((values) => ({ serviceObject: toServiceObjectInput(values) })))}
      />
    </Stack>
  );
}
