import { FormattedMessage, useIntl } from 'react-intl';
import { createAppointmentDistinctionMutation, listAppointmentDistinctionsQueryKey } from '@generated/@tanstack/react-query.gen';
import type { Tenant } from '@generated/types.gen';
import { ColorLabelCreatePage } from '~/components/color-label-pages';
import { useRecordCreator } from '~/components/record-editor';
import { useCanManageDistinctions } from '../hooks/use-can-manage';
import { distinctionMessages } from '../messages';
import { newDistinctionForm, toDistinctionInput } from '../schemas/distinction-form-schema';
import { applyServerErrors } from './apply-server-errors';
import { distinctionLabelKind } from './distinction-form';

/** /appointments-distinctions/create. */
export function DistinctionCreatePage({ tenant }: { tenant: Tenant }) {
  const intl = useIntl();
  const canManage = useCanManageDistinctions(tenant);
  const creator = useRecordCreator({
    path: { tenantId: tenant.id },
    create: createAppointmentDistinctionMutation(),
    listKey: listAppointmentDistinctionsQueryKey({ path: { tenantId: tenant.id } }),
    name: ({ distinction }) => distinction.distinction,
    texts: distinctionMessages,
    next: () => ({ to: '/{-$locale}/appointments-distinctions' }),
  });

  return (
    <ColorLabelCreatePage
      kind={distinctionLabelKind}
      texts={distinctionMessages}
      listTo="/{-$locale}/appointments-distinctions"
      backLabel={<FormattedMessage id="distinctions.back" defaultMessage="← Distinctions" />}
      title={<FormattedMessage id="distinctions.create.title" defaultMessage="New distinction" />}
      canManage={canManage}
      defaultValues={newDistinctionForm()}
      submitLabel={<FormattedMessage id="distinctions.create.submit" defaultMessage="Create distinction" />}
      paused={creator.paused}
      applyServerErrors={(failure, form) => applyServerErrors(failure, form, intl)}
      create={creator.submit((values) => ({ distinction: toDistinctionInput(values) }))}
    />
  );
}
