import { Alert, Anchor, Stack, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { createServiceMutation } from '@generated/@tanstack/react-query.gen';
import type { Tenant } from '@generated/types.gen';
import { useLocale } from '~/app/use-locale';
import { ApiErrorAlert } from '~/components/api-error-alert';
import { PageLoader } from '~/components/page-loader';
import { PausedNotice } from '~/components/paused-notice';
import { localeParam } from '~/lib/locale';
import { useAfterServiceSaved } from '../hooks/use-after-service-saved';
import { useCanManageCatalogue } from '~/app/session/use-can-manage-catalogue';
import { useIdempotencyKey } from '~/lib/use-idempotency-key';
import { serviceMessages } from '../messages';
import { newServiceForm, toServiceInput } from '../schemas/service-form-schema';
import { applyServerErrors } from './apply-server-errors';
import { ServiceFormFields } from './service-form';

/** /services/create: a new service; the first active one completes onboarding. */
export function ServiceCreatePage({ tenant }: { tenant: Tenant }) {
  const intl = useIntl();
  const locale = useLocale();
  const navigate = useNavigate();
  const canManage = useCanManageCatalogue(tenant);
  const create = useMutation(createServiceMutation());
  const idempotency = useIdempotencyKey();
  const afterSaved = useAfterServiceSaved(tenant);
  const [error, setError] = useState<unknown>(null);

  return (
    <Stack gap="lg" maw={960}>
      <Stack gap={4}>
        <Anchor size="sm" renderRoot={(props) => <Link {...props} to="/{-$locale}/services" params={{ locale: localeParam(locale) }} />}>
          <FormattedMessage id="services.back" defaultMessage="← Services" />
        </Anchor>
        <Title order={1}>
          <FormattedMessage id="services.create.title" defaultMessage="New service" />
        </Title>
      </Stack>
      {canManage === undefined ? <PageLoader /> : null}
      {canManage === false ? (
        <Alert color="orange" variant="light" role="alert">
          {intl.formatMessage(serviceMessages.forbidden)}
        </Alert>
      ) : null}
      {canManage ? (
        <ServiceFormFields
          tenantId={tenant.id}
          defaultValues={newServiceForm(tenant.taxPercentage)}
          currencyCode={tenant.currency.currencyCode}
          currencySymbol={tenant.currencySymbol}
          submitLabel={<FormattedMessage id="services.create.submit" defaultMessage="Create service" />}
          alert={
            <>
              <ApiErrorAlert error={error} messages={{ forbidden: intl.formatMessage(serviceMessages.forbidden) }} />
              <PausedNotice paused={create.isPaused} />
            </>
          }
          onSubmit={async (values, form) => {
            setError(null);
            try {
              const { service } = await create.mutateAsync({
                path: { tenantId: tenant.id },
                body: { service: toServiceInput(values, tenant.currency.currencyCode) },
                headers: { 'Idempotency-Key': idempotency.key() },
              });
              idempotency.renew();
              form.reset(values);
              await afterSaved(service);
              notifications.show({
                color: 'green',
                title: intl.formatMessage({ id: 'services.created.title', defaultMessage: 'Service created' }),
                message: service.name,
              });
              await navigate({ to: '/{-$locale}/services', params: { locale: localeParam(locale) } });
            } catch (failure) {
              if (!applyServerErrors(failure, form, intl)) setError(failure);
            }
          }}
        />
      ) : null}
    </Stack>
  );
}
