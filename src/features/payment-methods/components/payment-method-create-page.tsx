import { Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { FormattedMessage, useIntl } from 'react-intl';
import { createPaymentMethodMutation, listPaymentMethodsQueryKey } from '@generated/@tanstack/react-query.gen';
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
import { paymentMethodMessages } from '../messages';
import { newPaymentMethodForm, toPaymentMethodInput } from '../schemas/payment-method-form-schema';
import { applyServerErrors } from './apply-server-errors';
import { PaymentMethodFormFields, type PaymentMethodForm } from './payment-method-form';

/** /payment-methods/create. */
export function PaymentMethodCreatePage({ tenant }: { tenant: Tenant }) {
  const intl = useIntl();
  const locale = useLocale();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const canManage = useCanManageCatalogue(tenant);
  const create = useMutation(createPaymentMethodMutation());
  const idempotency = useIdempotencyKey();
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
          alert={<SaveAlert state={save} texts={{ forbidden: paymentMethodMessages.forbidden }} paused={create.isPaused} />}
          onSubmit={save.submit(async (values, form) => {
            const { paymentMethod } = await create.mutateAsync({
              path: { tenantId: tenant.id },
              body: { paymentMethod: toPaymentMethodInput(values) },
              headers: { 'Idempotency-Key': idempotency.key() },
            });
            idempotency.renew();
            form.reset(values);
            await queryClient.invalidateQueries({ queryKey: listPaymentMethodsQueryKey({ path: { tenantId: tenant.id } }) });
            notifications.show({
              color: 'green',
              title: intl.formatMessage({ id: 'paymentMethods.created.title', defaultMessage: 'Payment method created' }),
              message: paymentMethod.name,
            });
            await navigate({ to: '/{-$locale}/payment-methods', params: { locale: localeParam(locale) } });
          })}
        />
      </RoleGate>
    </Stack>
  );
}
