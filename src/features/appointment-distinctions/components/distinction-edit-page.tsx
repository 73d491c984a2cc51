import { Alert, Anchor, Button, ColorSwatch, Group, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconRefresh, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import {
  deleteAppointmentDistinctionMutation,
  getAppointmentDistinctionOptions,
  getAppointmentDistinctionQueryKey,
  listAppointmentDistinctionsQueryKey,
  updateAppointmentDistinctionMutation,
} from '@generated/@tanstack/react-query.gen';
import type { AppointmentDistinction, Tenant } from '@generated/types.gen';
import { useLocale } from '~/app/use-locale';
import { ApiErrorAlert } from '~/components/api-error-alert';
import { ConfirmDeleteModal } from '~/components/confirm-delete-modal';
import { LoadError } from '~/components/load-error';
import { PageLoader } from '~/components/page-loader';
import { PausedNotice } from '~/components/paused-notice';
import { isStaleVersion } from '~/lib/api-problem';
import { localeParam } from '~/lib/locale';
import { useCanManageDistinctions } from '../hooks/use-can-manage';
import { distinctionMessages } from '../messages';
import { distinctionFormFrom, toDistinctionUpdate } from '../schemas/distinction-form-schema';
import { applyServerErrors } from './apply-server-errors';
import { DistinctionFormFields } from './distinction-form';

/** /appointments-distinctions/{id}: a distinction to rename, recolour or delete. */
export function DistinctionEditPage({ tenant, id }: { tenant: Tenant; id: string }) {
  const distinction = useQuery(getAppointmentDistinctionOptions({ path: { tenantId: tenant.id, id } }));
  if (distinction.isPending) return <PageLoader />;
  if (distinction.isError) return <LoadError onRetry={() => void distinction.refetch()} retrying={distinction.isFetching} />;
  return <DistinctionEditor tenant={tenant} distinction={distinction.data.distinction} reload={() => distinction.refetch()} />;
}

function DistinctionEditor({ tenant, distinction, reload }: { tenant: Tenant; distinction: AppointmentDistinction; reload: () => Promise<unknown> }) {
  const intl = useIntl();
  const locale = useLocale();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const canManage = useCanManageDistinctions(tenant);
  const update = useMutation(updateAppointmentDistinctionMutation());
  const remove = useMutation(deleteAppointmentDistinctionMutation());
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [stale, setStale] = useState(false);
  const [formKey, setFormKey] = useState(0);
  const path = { tenantId: tenant.id, id: distinction.id };
  const invalidateList = () => queryClient.invalidateQueries({ queryKey: listAppointmentDistinctionsQueryKey({ path: { tenantId: tenant.id } }) });
  const backToList = () => navigate({ to: '/{-$locale}/appointments-distinctions', params: { locale: localeParam(locale) } });

  const reloadDistinction = async () => {
    await reload();
    setStale(false);
    setError(null);
    setFormKey((key) => key + 1);
  };

  return (
    <Stack gap="lg" maw={720}>
      <Stack gap={4}>
        <Anchor
          size="sm"
          renderRoot={(props) => <Link {...props} to="/{-$locale}/appointments-distinctions" params={{ locale: localeParam(locale) }} />}
        >
          <FormattedMessage id="distinctions.back" defaultMessage="← Distinctions" />
        </Anchor>
        <Group justify="space-between" align="center">
          <Group gap="sm">
            <ColorSwatch color={distinction.color} size={20} />
            <Title order={1}>{distinction.distinction}</Title>
          </Group>
          {canManage ? (
            <Button variant="subtle" color="red" leftSection={<IconTrash size={16} aria-hidden />} onClick={() => setConfirmDelete(true)}>
              <FormattedMessage id="distinctions.delete" defaultMessage="Delete" />
            </Button>
          ) : null}
        </Group>
      </Stack>
      {canManage === false ? (
        <Text size="sm" c="dimmed">
          {intl.formatMessage(distinctionMessages.readOnly)}
        </Text>
      ) : null}

      <DistinctionFormFields
        key={formKey}
        readOnly={canManage !== true}
        defaultValues={distinctionFormFrom(distinction)}
        submitLabel={<FormattedMessage id="distinctions.save" defaultMessage="Save changes" />}
        alert={
          <>
            {stale ? (
              <Alert color="orange" variant="light" title={intl.formatMessage(distinctionMessages.staleTitle)} role="alert">
                <Stack gap="xs" align="flex-start">
                  <Text size="sm">{intl.formatMessage(distinctionMessages.staleMessage)}</Text>
                  <Button
                    size="xs"
                    variant="white"
                    color="orange"
                    leftSection={<IconRefresh size={14} aria-hidden />}
                    onClick={() => void reloadDistinction()}
                  >
                    {intl.formatMessage(distinctionMessages.staleReload)}
                  </Button>
                </Stack>
              </Alert>
            ) : (
              <ApiErrorAlert error={error} messages={{ forbidden: intl.formatMessage(distinctionMessages.forbidden) }} />
            )}
            <PausedNotice paused={update.isPaused} />
          </>
        }
        onSubmit={async (values, form) => {
          setError(null);
          setStale(false);
          try {
            const { distinction: saved } = await update.mutateAsync({ path, body: { distinction: toDistinctionUpdate(values, distinction.version) } });
            queryClient.setQueryData(getAppointmentDistinctionQueryKey({ path }), { distinction: saved });
            await invalidateList();
            form.reset(distinctionFormFrom(saved));
            notifications.show({
              color: 'green',
              title: intl.formatMessage({ id: 'distinctions.saved.title', defaultMessage: 'Distinction saved' }),
              message: saved.distinction,
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
        title={intl.formatMessage({ id: 'distinctions.delete.title', defaultMessage: 'Delete this distinction?' })}
        error={remove.error}
        errorMessages={{ forbidden: intl.formatMessage(distinctionMessages.forbidden) }}
        pending={remove.isPending}
        onConfirm={() =>
          remove.mutate(
            { path },
            {
              onSuccess: async () => {
                queryClient.removeQueries({ queryKey: getAppointmentDistinctionQueryKey({ path }) });
                await invalidateList();
                notifications.show({
                  color: 'green',
                  title: intl.formatMessage({ id: 'distinctions.deleted.title', defaultMessage: 'Distinction deleted' }),
                  message: distinction.distinction,
                });
                await backToList();
              },
            },
          )
        }
        confirmLabel={<FormattedMessage id="distinctions.delete.confirm" defaultMessage="Delete distinction" />}
      >
        <FormattedMessage
          id="distinctions.delete.message"
          defaultMessage="{name} will be deleted. Appointments that carry it keep their colour and lose the label."
          values={{ name: distinction.distinction }}
        />
      </ConfirmDeleteModal>
    </Stack>
  );
}
