import { Stack } from '@mantine/core';
import { FormattedMessage, useIntl } from 'react-intl';
import { createServiceMutation, listServicesQueryKey } from '@generated/@tanstack/react-query.gen';
import type { Tenant } from '@generated/types.gen';
import { useCanManageCatalogue } from '~/entities/session/use-can-manage-catalogue';
import { useSaveState } from '~/lib/use-save-state';
import { SaveAlert } from '~/components/save-alert';
import { RoleGate } from '~/components/role-gate';
import { PageHeader } from '~/components/page-header';
import { AnchorLink } from '~/components/anchor-link';
import { useRecordCreator } from '~/components/record-editor';
import { useAfterServiceSaved } from '../hooks/use-after-service-saved';
import { serviceMessages } from '../messages';
import { newServiceForm, toServiceInput } from '../schemas/service-form-schema';
import { applyServerErrors } from './apply-server-errors';
import { ServiceFormFields, type ServiceForm } from './service-form';

/** /services/create: a new service; the first active one completes onboarding. */
export function ServiceCreatePage({ tenant }: { tenant: Tenant }) {
  const intl = useIntl();
  const canManage = useCanManageCatalogue(tenant);
  const afterSaved = useAfterServiceSaved(tenant);
  const creator = useRecordCreator({
    path: { tenantId: tenant.id },
    create: createServiceMutation(),
    listKey: listServicesQueryKey({ path: { tenantId: tenant.id } }),
    afterSave: ({ service }) => afterSaved(service),
    name: ({ service }) => service.name,
    texts: serviceMessages,
    next: () => ({ to: '/{-$locale}/services' }),
  });
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
          defaultValues={newServiceForm(tenant.taxPercentage, tenant.onlineBooking?.enabled === true, tenant.pricesIncludeTax ?? true)}
          taxName={tenant.taxName}
          currencyCode={tenant.currency.currencyCode}
          currencySymbol={tenant.currencySymbol}
          submitLabel={<FormattedMessage id="services.create.submit" defaultMessage="Create service" />}
          alert={<SaveAlert state={save} texts={{ forbidden: serviceMessages.forbidden }} paused={creator.paused} />}
          onSubmit={save.submit(creator.submit((values) => ({ service: toServiceInput(values, tenant.currency.currencyCode) })))}
        />
      </RoleGate>
    </Stack>
  );
}
