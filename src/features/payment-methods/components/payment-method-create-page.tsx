import { Alert, Anchor, Stack, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { createPaymentMethodMutation, listPaymentMethodsQueryKey } from '@generated/@tanstack/react-query.gen';
import type { Tenant } from '@generated/types.gen';
import { useLocale } from '~/app/use-locale';
import { ApiErrorAlert } from '~/components/api-error-alert';
import { PageLoader } from '~/components/page-loader';
import { PausedNotice } from '~/components/paused-notice';
import { localeParam } from '~/lib/locale';
import { useCanManageCatalogue } from '~/app/session/use-can-manage-catalogue';
import { useIdempotencyKey } from '~/lib/use-idempotency-key';
import { paymentMethodMessages } from '../messages';
import { newPaymentMethodForm, toPaymentMethodInput } from '../schemas/payment-method-form-schema';
import { applyServerErrors } from './apply-server-errors';
import { PaymentMethodFormFields } from './payment-method-form';

/** /payment-methods/create. */
export function PaymentMethodCreatePage({ tenant }: { tenant: Tenant }) {
  const intl = useIntl();
  const locale = useLocale();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const canManage = useCanManageCatalogue(tenant);
  const create = useMutation(createPaymentMethodMutation());
  const idempotency = useIdempotencyKey();
  const [error, setError] = useState<unknown>(null);

  return (
    <Stack gap="lg" maw={960}>
      <Stack gap={4}>
        <Anchor size="sm" renderRoot={(props) => <Link {...props} to="/{-$locale}/payment-methods" params={{ locale: localeParam(locale) }} />}>
          <FormattedMessage id="paymentMethods.back" defaultMessage="← Payment methods" />
        </Anchor>
        <Title order={1}>
          <FormattedMessage id="paymentMethods.create.title" defaultMessage="New payment method" />
        </Title>
      </Stack>
      {canManage === undefined ? <PageLoader /> : null}
      {canManage === false ? (
        <Alert color="orange" variant="light" role="alert">
          {intl.formatMessage(paymentMethodMessages.forbidden)}
        </Alert>
      ) : null}
      {canManage ? (
        <PaymentMethodFormFields
          defaultValues={newPaymentMethodForm(10)}
          submitLabel={<FormattedMessage id="paymentMethods.create.submit" defaultMessage="Create payment method" />}
          alert={
            <>
              <ApiErrorAlert error={error} messages={{ forbidden: intl.formatMessage(paymentMethodMessages.forbidden) }} />
              <PausedNotice paused={create.isPaused} />
            </>
          }
          onSubmit={async (values, form) => {
            setError(null);
            try {
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
            } catch (failure) {
              if (!applyServerErrors(failure, form, intl)) setError(failure);
            }
          }}
        />
      ) : null}
    </Stack>
  );
}
