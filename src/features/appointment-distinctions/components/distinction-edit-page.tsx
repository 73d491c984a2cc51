import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { FormattedMessage, useIntl } from 'react-intl';
import {
  deleteAppointmentDistinctionMutation,
  getAppointmentDistinctionOptions,
  getAppointmentDistinctionQueryKey,
  listAppointmentDistinctionsQueryKey,
  updateAppointmentDistinctionMutation,
} from '@generated/@tanstack/react-query.gen';
import type { AppointmentDistinction, Tenant } from '@generated/types.gen';
import { useLocale } from '~/lib/use-locale';
import { ColorLabelEditPage } from '~/components/color-label-pages';
import { QueryState } from '~/components/query-state';
import { useAfterDelete } from '~/components/delete-button';
import { localeParam } from '~/lib/locale';
import { useCanManageDistinctions } from '../hooks/use-can-manage';
import { distinctionMessages } from '../messages';
import { distinctionFormFrom, toDistinctionUpdate } from '../schemas/distinction-form-schema';
import { applyServerErrors } from './apply-server-errors';
import { distinctionLabelKind } from './distinction-form';

/** /appointments-distinctions/{id}: a distinction to rename, recolour or delete. */
export function DistinctionEditPage({ tenant, id }: { tenant: Tenant; id: string }) {
  const distinction = useQuery(getAppointmentDistinctionOptions({ path: { tenantId: tenant.id, id } }));
  return <QueryState query={distinction}>{(data) => <DistinctionEditor tenant={tenant} distinction={data.distinction} reload={() => distinction.refetch()} />}</QueryState>;
}

function DistinctionEditor({ tenant, distinction, reload }: { tenant: Tenant; distinction: AppointmentDistinction; reload: () => Promise<unknown> }) {
  const intl = useIntl();
  const locale = useLocale();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const afterDelete = useAfterDelete();
  const canManage = useCanManageDistinctions(tenant);
  const update = useMutation(updateAppointmentDistinctionMutation());
  const remove = useMutation(deleteAppointmentDistinctionMutation());
  const path = { tenantId: tenant.id, id: distinction.id };
  const listKey = listAppointmentDistinctionsQueryKey({ path: { tenantId: tenant.id } });
  const invalidateList = () => queryClient.invalidateQueries({ queryKey: listKey });

  return (
    <ColorLabelEditPage
      kind={distinctionLabelKind}
      texts={distinctionMessages}
      listTo="/{-$locale}/appointments-distinctions"
      backLabel={<FormattedMessage id="distinctions.back" defaultMessage="← Distinctions" />}
      canManage={canManage}
      label={{ name: distinction.distinction, color: distinction.color }}
      formValues={distinctionFormFrom(distinction)}
      deleteLabel={<FormattedMessage id="distinctions.delete" defaultMessage="Delete" />}
      submitLabel={<FormattedMessage id="distinctions.save" defaultMessage="Save changes" />}
      paused={update.isPaused}
      applyServerErrors={(failure, form) => applyServerErrors(failure, form, intl)}
      reload={reload}
      save={async (values) => {
        const { distinction: saved } = await update.mutateAsync({ path, body: { distinction: toDistinctionUpdate(values, distinction.version) } });
        queryClient.setQueryData(getAppointmentDistinctionQueryKey({ path }), { distinction: saved });
        await invalidateList();
        notifications.show({
          color: 'green',
          title: intl.formatMessage({ id: 'distinctions.saved.title', defaultMessage: 'Distinction saved' }),
          message: saved.distinction,
        });
        return distinctionFormFrom(saved);
      }}
      remove={{
        title: intl.formatMessage({ id: 'distinctions.delete.title', defaultMessage: 'Delete this distinction?' }),
        confirmLabel: <FormattedMessage id="distinctions.delete.confirm" defaultMessage="Delete distinction" />,
        message: (
          <FormattedMessage
            id="distinctions.delete.message"
            defaultMessage="{name} will be deleted. Appointments that carry it keep their colour and lose the label."
            values={{ name: distinction.distinction }}
          />
        ),
        error: remove.error,
        pending: remove.isPending,
        onConfirm: () =>
          remove.mutate(
            { path },
            {
              onSuccess: () =>
                afterDelete({
                  record: getAppointmentDistinctionQueryKey({ path }),
                  list: listKey,
                  notice: { title: intl.formatMessage({ id: 'distinctions.deleted.title', defaultMessage: 'Distinction deleted' }), message: distinction.distinction },
                  back: () => navigate({ to: '/{-$locale}/appointments-distinctions', params: { locale: localeParam(locale) } }),
                }),
            },
          ),
      }}
    />
  );
}
