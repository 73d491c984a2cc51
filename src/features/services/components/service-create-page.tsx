import { Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { FormattedMessage, useIntl } from 'react-intl';
import { createServiceMutation } from '@generated/@tanstack/react-query.gen';
import type { Tenant } from '@generated/types.gen';
import { useLocale } from '~/lib/use-locale';
import { localeParam } from '~/lib/locale';
import { useCanManageCatalogue } from '~/entities/session/use-can-manage-catalogue';
import { useIdempotencyKey } from '~/lib/use-idempotency-key';
import { useSaveState } from '~/lib/use-save-state';
import { SaveAlert } from '~/components/save-alert';
import { RoleGate } from '~/components/role-gate';
import { PageHeader } from '~/components/page-header';
import { AnchorLink } from '~/components/anchor-link';
import { useAfterServiceSaved } from '../hooks/use-after-service-saved';
import { serviceMessages } from '../messages';
import { newServiceForm, toServiceInput } from '../schemas/service-form-schema';
import { applyServerErrors } from './apply-server-errors';
import { ServiceFormFields, type ServiceForm } from './service-form';

/** /services/create: a new service; the first active one completes onboarding. */
export function ServiceCreatePage({ tenant }: { tenant: Tenant }) {
  const intl = useIntl();
  const locale = useLocale();
  const navigate = useNavigate();
  const canManage = useCanManageCatalogue(tenant);
  const create = useMutation(createServiceMutation());
  const idempotency = useIdempotencyKey();
  const afterSaved = useAfterServiceSaved(tenant);
  const save = useSaveState<ServiceForm>({ applyServerErrors: (failure, form) => applyServerErrors(failure, form, intl, tenant.currency.currencyCode) });

  return (
    <Stack gap="lg" maw={960}>
      <PageHeader
        back={
          <AnchorLink size="sm" to="/{-$locale}/services">
            <FormattedMessage id="services.back" defaultMessage="← Services" />
          </AnchorLink>
        }
        title={<FormattedMessage id="services.create.title" defaultMessage="New service" />}
      />
      <RoleGate allowed={canManage} message={serviceMessages.forbidden}>
        <ServiceFormFields
          tenantId={tenant.id}
          defaultValues={newServiceForm(tenant.taxPercentage)}
          currencyCode={tenant.currency.currencyCode}
          currencySymbol={tenant.currencySymbol}
          submitLabel={<FormattedMessage id="services.create.submit" defaultMessage="Create service" />}
          alert={<SaveAlert state={save} texts={{ forbidden: serviceMessages.forbidden }} paused={create.isPaused} />}
          onSubmit={save.submit(async (values, form) => {
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
          })}
        />
      </RoleGate>
    </Stack>
  );
}
