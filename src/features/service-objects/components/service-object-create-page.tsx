import { Stack, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { createServiceObjectMutation, getServiceObjectQueryKey, listServiceObjectsQueryKey } from '@generated/@tanstack/react-query.gen';
import type { Tenant } from '@generated/types.gen';
import { useLocale } from '~/app/use-locale';
import { ApiErrorAlert } from '~/components/api-error-alert';
import { PausedNotice } from '~/components/paused-notice';
import { localeParam } from '~/lib/locale';
import { useIdempotencyKey } from '~/lib/use-idempotency-key';
import { newServiceObjectForm, toServiceObjectInput } from '../schemas/service-object-form-schema';
import { applyServerErrors } from './apply-server-errors';
import { BackToList } from './back-to-list';
import { CustomerName } from './customer-name';
import { ServiceObjectFormFields } from './service-object-form';

/** /customers/{customerId}/create: a new object for the customer. */
export function ServiceObjectCreatePage({ tenant, customerId }: { tenant: Tenant; customerId: string }) {
  const intl = useIntl();
  const locale = useLocale();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const create = useMutation(createServiceObjectMutation());
  const idempotency = useIdempotencyKey();
  const [error, setError] = useState<unknown>(null);
  const path = { tenantId: tenant.id, customerId };

  return (
    <Stack gap="lg" maw={960}>
      <Stack gap={4}>
        <BackToList customerId={customerId} />
        <Title order={1}>
          <FormattedMessage id="serviceObjects.create.title" defaultMessage="New object" />
        </Title>
        <CustomerName tenantId={tenant.id} customerId={customerId} />
      </Stack>
      <ServiceObjectFormFields
        tenantId={tenant.id}
        defaultValues={newServiceObjectForm()}
        submitLabel={<FormattedMessage id="serviceObjects.create.save" defaultMessage="Save object" />}
        alert={
          <>
            <ApiErrorAlert error={error} />
            <PausedNotice paused={create.isPaused} />
          </>
        }
        onSubmit={async (values, form) => {
          setError(null);
          try {
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
          } catch (failure) {
            if (!applyServerErrors(failure, form, intl)) setError(failure);
          }
        }}
      />
    </Stack>
  );
}
