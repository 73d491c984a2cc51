import { Alert, Anchor, Stack, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { createAppointmentDistinctionMutation, listAppointmentDistinctionsQueryKey } from '@generated/@tanstack/react-query.gen';
import type { Tenant } from '@generated/types.gen';
import { useLocale } from '~/app/use-locale';
import { ApiErrorAlert } from '~/components/api-error-alert';
import { PageLoader } from '~/components/page-loader';
import { PausedNotice } from '~/components/paused-notice';
import { localeParam } from '~/lib/locale';
import { useCanManageDistinctions } from '../hooks/use-can-manage';
import { useIdempotencyKey } from '~/lib/use-idempotency-key';
import { distinctionMessages } from '../messages';
import { newDistinctionForm, toDistinctionInput } from '../schemas/distinction-form-schema';
import { applyServerErrors } from './apply-server-errors';
import { DistinctionFormFields } from './distinction-form';

/** /appointments-distinctions/create. */
export function DistinctionCreatePage({ tenant }: { tenant: Tenant }) {
  const intl = useIntl();
  const locale = useLocale();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const canManage = useCanManageDistinctions(tenant);
  const create = useMutation(createAppointmentDistinctionMutation());
  const idempotency = useIdempotencyKey();
  const [error, setError] = useState<unknown>(null);

  return (
    <Stack gap="lg" maw={720}>
      <Stack gap={4}>
        <Anchor
          size="sm"
          renderRoot={(props) => <Link {...props} to="/{-$locale}/appointments-distinctions" params={{ locale: localeParam(locale) }} />}
        >
          <FormattedMessage id="distinctions.back" defaultMessage="← Distinctions" />
        </Anchor>
        <Title order={1}>
          <FormattedMessage id="distinctions.create.title" defaultMessage="New distinction" />
        </Title>
      </Stack>
      {canManage === undefined ? <PageLoader /> : null}
      {canManage === false ? (
        <Alert color="orange" variant="light" role="alert">
          {intl.formatMessage(distinctionMessages.forbidden)}
        </Alert>
      ) : null}
      {canManage ? (
        <DistinctionFormFields
          defaultValues={newDistinctionForm()}
          submitLabel={<FormattedMessage id="distinctions.create.submit" defaultMessage="Create distinction" />}
          alert={
            <>
              <ApiErrorAlert error={error} messages={{ forbidden: intl.formatMessage(distinctionMessages.forbidden) }} />
              <PausedNotice paused={create.isPaused} />
            </>
          }
          onSubmit={async (values, form) => {
            setError(null);
            try {
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
            } catch (failure) {
              if (!applyServerErrors(failure, form, intl)) setError(failure);
            }
          }}
        />
      ) : null}
    </Stack>
  );
}
