import { Stack } from '@mantine/core';
import { FormattedMessage, useIntl } from 'react-intl';
import { createPaymentMethodMutation, listPaymentMethodsQueryKey } from '@generated/@tanstack/react-query.gen';
import type { Tenant } from '@generated/types.gen';
import { useCanManageCatalogue } from '~/entities/session/use-can-manage-catalogue';
import { useSaveState } from '~/lib/use-save-state';
import { SaveAlert } from '~/components/save-alert';
import { RoleGate } from '~/components/role-gate';
import { PageHeader } from '~/components/page-header';
import { AnchorLink } from '~/components/anchor-link';
import { useRecordCreator } from '~/components/record-editor';
import { paymentMethodMessages } from '../messages';
import { newPaymentMethodForm, toPaymentMethodInput } from '../schemas/payment-method-form-schema';
import { applyServerErrors } from './apply-server-errors';
import { PaymentMethodFormFields, type PaymentMethodForm } from './payment-method-form';

/** /payment-methods/create. */
export function PaymentMethodCreatePage({ tenant }: { tenant: Tenant }) {
  const intl = useIntl();
  const canManage = useCanManageCatalogue(tenant);
  const creator = useRecordCreator({
    path: { tenantId: tenant.id },
    create: createPaymentMethodMutation(),
    listKey: listPaymentMethodsQueryKey({ path: { tenantId: tenant.id } }),
    name: ({ paymentMethod }) => paymentMethod.name,
    texts: paymentMethodMessages,
    next: () => ({ to: '/{-$locale}/payment-methods' }),
  });
  const save = useSaveState<PaymentMethodForm>({ applyServerErrors: (failure, form) => applyServerErrors(failure, form, intl) });

  return (
    <Stack gap="lg" maw={960}>
      <PageHeader
        back={
          <AnchorLink size="sm" to="/{-$locale}/payment-methods">
            <FormattedMessage id="paymentMethods.back" defaultMessage="← Payment methods" />
          </AnchorLink>
        }
        title={<FormattedMessage id="paymentMethods.create.title" defaultMessage="New payment method" />}
      />
      <RoleGate allowed={canManage} message={paymentMethodMessages.forbidden}>
        <PaymentMethodFormFields
          defaultValues={newPaymentMethodForm(10)}
          submitLabel={<FormattedMessage id="paymentMethods.create.submit" defaultMessage="Create payment method" />}
          alert={<SaveAlert state={save} texts={{ forbidden: paymentMethodMessages.forbidden }} paused={creator.paused} />}
          onSubmit={save.submit(creator.submit((values) => ({ paymentMethod: toPaymentMethodInput(values) })))}
        />
      </RoleGate>
    </Stack>
  );
}
