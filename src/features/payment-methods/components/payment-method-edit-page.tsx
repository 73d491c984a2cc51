import { Alert, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { FormattedMessage, useIntl } from 'react-intl';
import {
  deletePaymentMethodMutation,
  getPaymentMethodOptions,
  getPaymentMethodQueryKey,
  listPaymentMethodsQueryKey,
  updatePaymentMethodMutation,
} from '@generated/@tanstack/react-query.gen';
import type { PaymentMethod, Tenant } from '@generated/types.gen';
import { useCanManageCatalogue } from '~/entities/session/use-can-manage-catalogue';
import { useLocale } from '~/lib/use-locale';
import { AnchorLink } from '~/components/anchor-link';
import { DeleteButton, useAfterDelete } from '~/components/delete-button';
import { PageHeader } from '~/components/page-header';
import { QueryState } from '~/components/query-state';
import { ReadOnlyNote } from '~/components/read-only-note';
import { SaveAlert } from '~/components/save-alert';
import { localeParam } from '~/lib/locale';
import { useSaveState } from '~/lib/use-save-state';
import { paymentMethodMessages } from '../messages';
import { paymentMethodFormFrom, toPaymentMethodUpdate } from '../schemas/payment-method-form-schema';
import { applyServerErrors } from './apply-server-errors';
import { PaymentMethodFormFields, type PaymentMethodForm } from './payment-method-form';

/** /payment-methods/{id}: a payment method to change or delete. */
export function PaymentMethodEditPage({ tenant, id }: { tenant: Tenant; id: string }) {
  const method = useQuery(getPaymentMethodOptions({ path: { tenantId: tenant.id, id } }));
  return <QueryState query={method}>{(data) => <PaymentMethodEditor tenant={tenant} method={data.paymentMethod} reload={() => method.refetch()} />}</QueryState>;
}

function PaymentMethodEditor({ tenant, method, reload }: { tenant: Tenant; method: PaymentMethod; reload: () => Promise<unknown> }) {
  const intl = useIntl();
  const locale = useLocale();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const afterDelete = useAfterDelete();
  const canManage = useCanManageCatalogue(tenant);
  const update = useMutation(updatePaymentMethodMutation());
  const remove = useMutation(deletePaymentMethodMutation());
  const save = useSaveState<PaymentMethodForm>({ reload, applyServerErrors: (failure, form) => applyServerErrors(failure, form, intl) });
  const path = { tenantId: tenant.id, id: method.id };
  const archived = Boolean(method.archivedAt);
  const listKey = listPaymentMethodsQueryKey({ path: { tenantId: tenant.id } });
  const invalidateList = () => queryClient.invalidateQueries({ queryKey: listKey });

  return (
    <Stack gap="lg" maw={960}>
      <PageHeader
        back={
          <AnchorLink size="sm" to="/{-$locale}/payment-methods">
            <FormattedMessage id="paymentMethods.back" defaultMessage="← Payment methods" />
          </AnchorLink>
        }
        title={method.name}
        actions={
          canManage && !archived ? (
            <DeleteButton
              label={<FormattedMessage id="paymentMethods.delete" defaultMessage="Delete" />}
              title={intl.formatMessage({ id: 'paymentMethods.delete.title', defaultMessage: 'Delete this payment method?' })}
              error={remove.error}
              errorMessages={{ forbidden: intl.formatMessage(paymentMethodMessages.forbidden) }}
              pending={remove.isPending}
              onConfirm={() =>
                remove.mutate(
                  { path },
                  {
                    onSuccess: () =>
                      afterDelete({
                        record: getPaymentMethodQueryKey({ path }),
                        list: listKey,
                        notice: { title: intl.formatMessage({ id: 'paymentMethods.deleted.title', defaultMessage: 'Payment method deleted' }), message: method.name },
                        back: () => navigate({ to: '/{-$locale}/payment-methods', params: { locale: localeParam(locale) } }),
                      }),
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
            </DeleteButton>
          ) : null
        }
      />
      <ReadOnlyNote show={canManage === false} message={paymentMethodMessages.readOnly} />
      {archived ? (
        <Alert color="gray" variant="light">
          <FormattedMessage id="paymentMethods.archived" defaultMessage="This payment method was deleted. It is kept only for the payments that used it." />
        </Alert>
      ) : null}

      <PaymentMethodFormFields
        key={save.formKey}
        readOnly={canManage !== true || archived}
        defaultValues={paymentMethodFormFrom(method)}
        submitLabel={<FormattedMessage id="paymentMethods.save" defaultMessage="Save changes" />}
        alert={<SaveAlert state={save} texts={paymentMethodMessages} paused={update.isPaused} />}
        onSubmit={save.submit(async (values, form) => {
          const { paymentMethod } = await update.mutateAsync({ path, body: { paymentMethod: toPaymentMethodUpdate(values, method.version) } });
          queryClient.setQueryData(getPaymentMethodQueryKey({ path }), { paymentMethod });
          await invalidateList();
          form.reset(paymentMethodFormFrom(paymentMethod));
          notifications.show({
            color: 'green',
            title: intl.formatMessage({ id: 'paymentMethods.saved.title', defaultMessage: 'Payment method saved' }),
            message: paymentMethod.name,
          });
        })}
      />
    </Stack>
  );
}
