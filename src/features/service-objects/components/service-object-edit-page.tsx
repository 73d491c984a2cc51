import { Group, Stack, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { getServiceObjectOptions, getServiceObjectQueryKey, listServiceObjectsQueryKey, updateServiceObjectMutation } from '@generated/@tanstack/react-query.gen';
import type { ServiceObject, Tenant } from '@generated/types.gen';
import { useLocale } from '~/app/use-locale';
import { ApiErrorAlert } from '~/components/api-error-alert';
import { LoadError } from '~/components/load-error';
import { PageLoader } from '~/components/page-loader';
import { PausedNotice } from '~/components/paused-notice';
import { StaleVersionAlert } from '~/components/stale-version-alert';
import { isStaleVersion } from '~/lib/api-problem';
import { localeParam } from '~/lib/locale';
import { serviceObjectMessages } from '../messages';
import { serviceObjectFormFrom, toServiceObjectUpdate } from '../schemas/service-object-form-schema';
import { applyServerErrors } from './apply-server-errors';
import { BackToList } from './back-to-list';
import { DeleteServiceObjectButton } from './delete-service-object';
import { ServiceObjectFormFields } from './service-object-form';

/** /customers/{customerId}/{serviceId}/edit: change an object (optimistic version: 409 shows a reload). */
export function ServiceObjectEditPage({ tenant, customerId, id }: { tenant: Tenant; customerId: string; id: string }) {
  const object = useQuery(getServiceObjectOptions({ path: { tenantId: tenant.id, customerId, id } }));
  if (object.isPending) return <PageLoader />;
  if (object.isError) return <LoadError onRetry={() => void object.refetch()} retrying={object.isFetching} />;
  return <ServiceObjectEditor tenant={tenant} object={object.data.serviceObject} reload={() => object.refetch()} />;
}

function ServiceObjectEditor({ tenant, object, reload }: { tenant: Tenant; object: ServiceObject; reload: () => Promise<unknown> }) {
  const intl = useIntl();
  const locale = useLocale();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const update = useMutation(updateServiceObjectMutation());
  const [error, setError] = useState<unknown>(null);
  const [stale, setStale] = useState(false);
  // The form starts again from the server's values after a reload (a new key remounts it).
  const [formKey, setFormKey] = useState(0);
  const path = { tenantId: tenant.id, customerId: object.customerId, id: object.id };

  const reloadObject = async () => {
    await reload();
    setStale(false);
    setError(null);
    setFormKey((key) => key + 1);
  };

  return (
    <Stack gap="lg" maw={960}>
      <Stack gap={4}>
        <BackToList customerId={object.customerId} />
        <Group justify="space-between" align="center">
          <Title order={1}>{object.name}</Title>
          <DeleteServiceObjectButton object={object} />
        </Group>
      </Stack>
      <ServiceObjectFormFields
        key={formKey}
        tenantId={tenant.id}
        defaultValues={serviceObjectFormFrom(object)}
        submitLabel={<FormattedMessage id="serviceObjects.edit.save" defaultMessage="Save changes" />}
        alert={
          <>
            {stale ? (
              <StaleVersionAlert
                title={intl.formatMessage(serviceObjectMessages.staleTitle)}
                message={intl.formatMessage(serviceObjectMessages.staleMessage)}
                reloadLabel={intl.formatMessage(serviceObjectMessages.staleReload)}
                onReload={() => void reloadObject()}
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
            const { serviceObject: saved } = await update.mutateAsync({ path, body: { serviceObject: toServiceObjectUpdate(values, object) } });
            queryClient.setQueryData(getServiceObjectQueryKey({ path }), { serviceObject: saved });
            await queryClient.invalidateQueries({ queryKey: listServiceObjectsQueryKey({ path: { tenantId: tenant.id, customerId: object.customerId } }) });
            form.reset(serviceObjectFormFrom(saved));
            notifications.show({ color: 'green', title: intl.formatMessage({ id: 'serviceObjects.saved.title', defaultMessage: 'Object saved' }), message: saved.name });
            await navigate({
              to: '/{-$locale}/customers/$customerId/$serviceId/view',
              params: { locale: localeParam(locale), customerId: object.customerId, serviceId: object.id },
            });
          } catch (failure) {
            if (isStaleVersion(failure)) setStale(true);
            else if (!applyServerErrors(failure, form, intl)) setError(failure);
          }
        }}
      />
    </Stack>
  );
}
