import { Alert, Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import {
  deletePaymentMethodMutation,
  getPaymentMethodOptions,
  getPaymentMethodQueryKey,
  listPaymentMethodsQueryKey,
  updatePaymentMethodMutation,
} from '@generated/@tanstack/react-query.gen';
import type { PaymentMethod, Tenant } from '@generated/types.gen';
import { useLocale } from '~/app/use-locale';
import { ApiErrorAlert } from '~/components/api-error-alert';
import { ConfirmDeleteModal } from '~/components/confirm-delete-modal';
import { LoadError } from '~/components/load-error';
import { PageLoader } from '~/components/page-loader';
import { PausedNotice } from '~/components/paused-notice';
import { StaleVersionAlert } from '~/components/stale-version-alert';
import { isStaleVersion } from '~/lib/api-problem';
import { localeParam } from '~/lib/locale';
import { useCanManageCatalogue } from '~/app/session/use-can-manage-catalogue';
import { paymentMethodMessages } from '../messages';
import { paymentMethodFormFrom, toPaymentMethodUpdate } from '../schemas/payment-method-form-schema';
import { applyServerErrors } from './apply-server-errors';
import { PaymentMethodFormFields } from './payment-method-form';

/** /payment-methods/{id}: a payment method to change or delete. */
export function PaymentMethodEditPage({ tenant, id }: { tenant: Tenant; id: string }) {
  const method = useQuery(getPaymentMethodOptions({ path: { tenantId: tenant.id, id } }));
  if (method.isPending) return <PageLoader />;
  if (method.isError) return <LoadError onRetry={() => void method.refetch()} retrying={method.isFetching} />;
  return <PaymentMethodEditor tenant={tenant} method={method.data.paymentMethod} reload={() => method.refetch()} />;
}

function PaymentMethodEditor({ tenant, method, reload }: { tenant: Tenant; method: PaymentMethod; reload: () => Promise<unknown> }) {
  const intl = useIntl();
  const locale = useLocale();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const canManage = useCanManageCatalogue(tenant);
  const update = useMutation(updatePaymentMethodMutation());
  const remove = useMutation(deletePaymentMethodMutation());
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [stale, setStale] = useState(false);
  const [formKey, setFormKey] = useState(0);
  const path = { tenantId: tenant.id, id: method.id };
  const archived = Boolean(method.archivedAt);
  const invalidateList = () => queryClient.invalidateQueries({ queryKey: listPaymentMethodsQueryKey({ path: { tenantId: tenant.id } }) });

  const reloadMethod = async () => {
    await reload();
    setStale(false);
    setError(null);
    setFormKey((key) => key + 1);
  };

  return (
    <Stack gap="lg" maw={960}>
      <Stack gap={4}>
        <Anchor size="sm" renderRoot={(props) => <Link {...props} to="/{-$locale}/payment-methods" params={{ locale: localeParam(locale) }} />}>
          <FormattedMessage id="paymentMethods.back" defaultMessage="← Payment methods" />
        </Anchor>
        <Group justify="space-between" align="center">
          <Title order={1}>{method.name}</Title>
          {canManage && !archived ? (
            <Button variant="subtle" color="red" leftSection={<IconTrash size={16} aria-hidden />} onClick={() => setConfirmDelete(true)}>
              <FormattedMessage id="paymentMethods.delete" defaultMessage="Delete" />
            </Button>
          ) : null}
        </Group>
      </Stack>
      {canManage === false ? (
        <Text size="sm" c="dimmed">
          {intl.formatMessage(paymentMethodMessages.readOnly)}
        </Text>
      ) : null}
      {archived ? (
        <Alert color="gray" variant="light">
          <FormattedMessage id="paymentMethods.archived" defaultMessage="This payment method was deleted. It is kept only for the payments that used it." />
        </Alert>
      ) : null}

      <PaymentMethodFormFields
        key={formKey}
        readOnly={canManage !== true || archived}
        defaultValues={paymentMethodFormFrom(method)}
        submitLabel={<FormattedMessage id="paymentMethods.save" defaultMessage="Save changes" />}
        alert={
          <>
            {stale ? (
              <StaleVersionAlert
                title={intl.formatMessage(paymentMethodMessages.staleTitle)}
                message={intl.formatMessage(paymentMethodMessages.staleMessage)}
                reloadLabel={intl.formatMessage(paymentMethodMessages.staleReload)}
                onReload={() => void reloadMethod()}
              />
            ) : (
              <ApiErrorAlert error={error} messages={{ forbidden: intl.formatMessage(paymentMethodMessages.forbidden) }} />
            )}
            <PausedNotice paused={update.isPaused} />
          </>
        }
        onSubmit={async (values, form) => {
          setError(null);
          setStale(false);
          try {
            const { paymentMethod } = await update.mutateAsync({ path, body: { paymentMethod: toPaymentMethodUpdate(values, method.version) } });
            queryClient.setQueryData(getPaymentMethodQueryKey({ path }), { paymentMethod });
            await invalidateList();
            form.reset(paymentMethodFormFrom(paymentMethod));
            notifications.show({
              color: 'green',
              title: intl.formatMessage({ id: 'paymentMethods.saved.title', defaultMessage: 'Payment method saved' }),
              message: paymentMethod.name,
            });
          } catch (failure) {
            if (isStaleVersion(failure)) setStale(true);
            else if (!applyServerErrors(failure, form, intl)) setError(failure);
          }
        }}
      />

      <ConfirmDeleteModal
        opened={confirmDelete}
        onClose={() => setConfirmDelete(false)}
        title={intl.formatMessage({ id: 'paymentMethods.delete.title', defaultMessage: 'Delete this payment method?' })}
        error={remove.error}
        errorMessages={{ forbidden: intl.formatMessage(paymentMethodMessages.forbidden) }}
        pending={remove.isPending}
        onConfirm={() =>
          remove.mutate(
            { path },
            {
              onSuccess: async () => {
                queryClient.removeQueries({ queryKey: getPaymentMethodQueryKey({ path }) });
                await invalidateList();
                notifications.show({
                  color: 'green',
                  title: intl.formatMessage({ id: 'paymentMethods.deleted.title', defaultMessage: 'Payment method deleted' }),
                  message: method.name,
                });
                await navigate({ to: '/{-$locale}/payment-methods', params: { locale: localeParam(locale) } });
              },
            },
          )
        }
        confirmLabel={<FormattedMessage id="paymentMethods.delete.confirm" defaultMessage="Delete payment method" />}
      >
        <FormattedMessage
          id="paymentMethods.delete.message"
          defaultMessage="{name} is no longer offered for payments. Payments already made with it keep it."
          values={{ name: method.name }}
        />
      </ConfirmDeleteModal>
    </Stack>
  );
}
