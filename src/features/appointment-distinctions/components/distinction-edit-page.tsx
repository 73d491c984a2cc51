import { FormattedMessage, useIntl } from 'react-intl';
import {
  deleteAppointmentDistinctionMutation,
  getAppointmentDistinctionOptions,
  getAppointmentDistinctionQueryKey,
  listAppointmentDistinctionsQueryKey,
  updateAppointmentDistinctionMutation,
} from '@generated/@tanstack/react-query.gen';
import type { AppointmentDistinctionResponse, Tenant } from '@generated/types.gen';
import { ColorLabelEditPage } from '~/components/color-label-pages';
import type { ColorLabelForm } from '~/components/color-label-form';
import { RecordQuery, useRecordEditor } from '~/components/record-editor';
import { useCanManageDistinctions } from '../hooks/use-can-manage';
import { distinctionMessages } from '../messages';
import { distinctionFormFrom, toDistinctionUpdate } from '../schemas/distinction-form-schema';
import { applyServerErrors } from './apply-server-errors';
import { distinctionLabelKind } from './distinction-form';

/** /appointments-distinctions/{id}: a distinction to rename, recolour or delete. */
export function DistinctionEditPage({ tenant, id }: { tenant: Tenant; id: string }) {
  return (
    <RecordQuery options={getAppointmentDistinctionOptions({ path: { tenantId: tenant.id, id } })}>
      {(data, reload) => <DistinctionEditor tenant={tenant} data={data} reload={reload} />}
    </RecordQuery>
  );
}

function DistinctionEditor({ tenant, data, reload }: { tenant: Tenant; data: AppointmentDistinctionResponse; reload: () => Promise<unknown> }) {
  const intl = useIntl();
  const distinction = data.distinction;
  const canManage = useCanManageDistinctions(tenant);
  const path = { tenantId: tenant.id, id: distinction.id };
  const editor = useRecordEditor({
    path,
    recordKey: getAppointmentDistinctionQueryKey({ path }),
    listKey: listAppointmentDistinctionsQueryKey({ path: { tenantId: tenant.id } }),
    listTo: '/{-$locale}/appointments-distinctions',
    update: updateAppointmentDistinctionMutation(),
    remove: deleteAppointmentDistinctionMutation(),
    reload,
    applyServerErrors: (failure: unknown, form: ColorLabelForm) => applyServerErrors(failure, form, intl),
    current: data,
    name: (response) => response.distinction.distinction,
    texts: distinctionMessages,
  });

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
      editor={editor}
      onSubmit={editor.submit(
        (values) => ({ distinction: toDistinctionUpdate(values, distinction.version) }),
        (response) => distinctionFormFrom(response.distinction),
      )}
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
      }}
    />
  );
}
