import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { FormattedMessage, useIntl } from 'react-intl';
import { createAppointmentDistinctionMutation, listAppointmentDistinctionsQueryKey } from '@generated/@tanstack/react-query.gen';
import type { Tenant } from '@generated/types.gen';
import { useCanManageDistinctions } from '../hooks/use-can-manage';
import { useLocale } from '~/lib/use-locale';
import { ColorLabelCreatePage } from '~/components/color-label-pages';
import { localeParam } from '~/lib/locale';
import { useIdempotencyKey } from '~/lib/use-idempotency-key';
import { distinctionMessages } from '../messages';
import { newDistinctionForm, toDistinctionInput } from '../schemas/distinction-form-schema';
import { applyServerErrors } from './apply-server-errors';
import { distinctionLabelKind } from './distinction-form';

/** /appointments-distinctions/create. */
export function DistinctionCreatePage({ tenant }: { tenant: Tenant }) {
  const intl = useIntl();
  const locale = useLocale();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const canManage = useCanManageDistinctions(tenant);
  const create = useMutation(createAppointmentDistinctionMutation());
  const idempotency = useIdempotencyKey();

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
      paused={create.isPaused}
      applyServerErrors={(failure, form) => applyServerErrors(failure, form, intl)}
      create={async (values, form) => {
        const { distinction } = await create.mutateAsync({
          path: { tenantId: tenant.id },
          body: { distinction: toDistinctionInput(values) },
          headers: { 'Idempotency-Key': idempotency.key() },
        });
        idempotency.renew();
        form.reset(values);
        await queryClient.invalidateQueries({ queryKey: listAppointmentDistinctionsQueryKey({ path: { tenantId: tenant.id } }) });
        notifications.show({
          color: 'green',
          title: intl.formatMessage({ id: 'distinctions.created.title', defaultMessage: 'Distinction created' }),
          message: distinction.distinction,
        });
        await navigate({ to: '/{-$locale}/appointments-distinctions', params: { locale: localeParam(locale) } });
      }}
    />
  );
}
