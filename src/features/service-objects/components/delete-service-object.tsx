import { useMutation } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { FormattedMessage, useIntl } from 'react-intl';
import { deleteServiceObjectMutation, getServiceObjectQueryKey, listServiceObjectsQueryKey } from '@generated/@tanstack/react-query.gen';
import type { ServiceObject } from '@generated/types.gen';
import { useLocale } from '~/lib/use-locale';
import { DeleteButton, useAfterDelete } from '~/components/delete-button';
import { localeParam } from '~/lib/locale';

/** Delete with a confirmation; then back to the customer's objects. */
export function DeleteServiceObjectButton({ object }: { object: ServiceObject }) {
  const intl = useIntl();
  const locale = useLocale();
  const navigate = useNavigate();
  const afterDelete = useAfterDelete();
  const remove = useMutation(deleteServiceObjectMutation());
  const path = { tenantId: object.tenantId, customerId: object.customerId, id: object.id };

  return (
    <DeleteButton
      label={<FormattedMessage id="serviceObjects.delete" defaultMessage="Delete" />}
      title={intl.formatMessage({ id: 'serviceObjects.delete.title', defaultMessage: 'Delete this object?' })}
      error={remove.error}
      pending={remove.isPending}
      onConfirm={() =>
        remove.mutate(
          { path },
          {
            onSuccess: () =>
              afterDelete({
                record: getServiceObjectQueryKey({ path }),
                list: listServiceObjectsQueryKey({ path: { tenantId: object.tenantId, customerId: object.customerId } }),
                notice: { title: intl.formatMessage({ id: 'serviceObjects.deleted.title', defaultMessage: 'Object deleted' }), message: object.name },
                back: () => navigate({ to: '/{-$locale}/customers/$customerId/services-object', params: { locale: localeParam(locale), customerId: object.customerId } }),
              }),
          },
        )
      }
      confirmLabel={<FormattedMessage id="serviceObjects.delete.confirm" defaultMessage="Delete object" />}
    >
      <FormattedMessage
        id="serviceObjects.delete.message"
        defaultMessage="{name} and its photos will be deleted. Appointments that mention it keep their history."
        values={{ name: object.name }}
      />
    </DeleteButton>
  );
}
