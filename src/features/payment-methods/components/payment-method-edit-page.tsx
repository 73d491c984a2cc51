import { Alert, Stack } from '@mantine/core';
import { FormattedMessage, useIntl } from 'react-intl';
import {
  deletePaymentMethodMutation,
  getPaymentMethodOptions,
  getPaymentMethodQueryKey,
  listPaymentMethodsQueryKey,
  updatePaymentMethodMutation,
} from '@generated/@tanstack/react-query.gen';
import type { PaymentMethodResponse, Tenant } from '@generated/types.gen';
import { useCanManageCatalogue } from '~/entities/session/use-can-manage-catalogue';
import { RecordEditorHeader, RecordQuery, useRecordEditor } from '~/components/record-editor';
import { SaveAlert } from '~/components/save-alert';
import { paymentMethodMessages } from '../messages';
import { paymentMethodFormFrom, toPaymentMethodUpdate } from '../schemas/payment-method-form-schema';
import { applyServerErrors } from './apply-server-errors';
import { PaymentMethodFormFields, type PaymentMethodForm } from './payment-method-form';

/** /payment-methods/{id}: a payment method to change or delete. */
export function PaymentMethodEditPage({ tenant, id }: { tenant: Tenant; id: string }) {
  return (
    <RecordQuery options={getPaymentMethodOptions({ path: { tenantId: tenant.id, id } })}>
      {(data, reload) => <PaymentMethodEditor tenant={tenant} data={data} reload={reload} />}
    </RecordQuery>
  );
}

function PaymentMethodEditor({ tenant, data, reload }: { tenant: Tenant; data: PaymentMethodResponse; reload: () => Promise<unknown> }) {
  const intl = useIntl();
  const method = data.paymentMethod;
  const canManage = useCanManageCatalogue(tenant);
  const path = { tenantId: tenant.id, id: method.id };
  const editor = useRecordEditor({
    path,
    recordKey: getPaymentMethodQueryKey({ path }),
    listKey: listPaymentMethodsQueryKey({ path: { tenantId: tenant.id } }),
    listTo: '/{-$locale}/payment-methods',
    update: updatePaymentMethodMutation(),
    remove: deletePaymentMethodMutation(),
    reload,
    applyServerErrors: (failure: unknown, form: PaymentMethodForm) => applyServerErrors(failure, form, intl),
    current: data,
    name: (response) => response.paymentMethod.name,
    texts: paymentMethodMessages,
  });
  const archived = Boolean(method.archivedAt);

  return (
    <Stack gap="lg" maw={960}>
      <RecordEditorHeader
        editor={editor}
        listTo="/{-$locale}/payment-methods"
        backLabel={<FormattedMessage id="paymentMethods.back" defaultMessage="← Payment methods" />}
        title={method.name}
        canManage={canManage}
        canDelete={canManage === true && !archived}
        texts={paymentMethodMessages}
        remove={{
          label: <FormattedMessage id="paymentMethods.delete" defaultMessage="Delete" />,
          title: intl.formatMessage({ id: 'paymentMethods.delete.title', defaultMessage: 'Delete this payment method?' }),
          confirmLabel: <FormattedMessage id="paymentMethods.delete.confirm" defaultMessage="Delete payment method" />,
          message: (
            <FormattedMessage
              id="paymentMethods.delete.message"
              defaultMessage="{name} is no longer offered for payments. Payments already made with it keep it."
              values={{ name: method.name }}
            />
          ),
        }}
      />
      {archived ? (
        <Alert color="gray" variant="light">
          <FormattedMessage id="paymentMethods.archived" defaultMessage="This payment method was deleted. It is kept only for the payments that used it." />
        </Alert>
      ) : null}

      <PaymentMethodFormFields
        key={editor.save.formKey}
        readOnly={canManage !== true || archived}
        defaultValues={paymentMethodFormFrom(method)}
        submitLabel={<FormattedMessage id="paymentMethods.save" defaultMessage="Save changes" />}
        alert={<SaveAlert state={editor.save} texts={paymentMethodMessages} paused={editor.paused} />}
        onSubmit={editor.submit(
          (values) => ({ paymentMethod: toPaymentMethodUpdate(values, method.version) }),
          (response) => paymentMethodFormFrom(response.paymentMethod),
        )}
      />
    </Stack>
  );
}
