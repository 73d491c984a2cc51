import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { FormattedMessage, useIntl } from 'react-intl';
import {
  deleteCustomerTagMutation,
  getCustomerTagOptions,
  getCustomerTagQueryKey,
  listCustomerTagsQueryKey,
  updateCustomerTagMutation,
} from '@generated/@tanstack/react-query.gen';
import type { CustomerTag, Tenant } from '@generated/types.gen';
import { useCanManageCatalogue } from '~/entities/session/use-can-manage-catalogue';
import { useLocale } from '~/lib/use-locale';
import { ColorLabelEditPage } from '~/components/color-label-pages';
import { useAfterDelete } from '~/components/delete-button';
import { QueryState } from '~/components/query-state';
import { localeParam } from '~/lib/locale';
import { tagMessages } from '../messages';
import { tagFormFrom, toTagUpdate } from '../schemas/tag-form-schema';
import { applyServerErrors } from './apply-server-errors';
import { tagLabelKind } from './tag-form';

/** /customer-tags/{id}: a tag to rename, recolour or delete. */
export function TagEditPage({ tenant, id }: { tenant: Tenant; id: string }) {
  const tag = useQuery(getCustomerTagOptions({ path: { tenantId: tenant.id, id } }));
  return <QueryState query={tag}>{(data) => <TagEditor tenant={tenant} tag={data.tag} reload={() => tag.refetch()} />}</QueryState>;
}

function TagEditor({ tenant, tag, reload }: { tenant: Tenant; tag: CustomerTag; reload: () => Promise<unknown> }) {
  const intl = useIntl();
  const locale = useLocale();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const afterDelete = useAfterDelete();
  const canManage = useCanManageCatalogue(tenant);
  const update = useMutation(updateCustomerTagMutation());
  const remove = useMutation(deleteCustomerTagMutation());
  const path = { tenantId: tenant.id, id: tag.id };
  const listKey = listCustomerTagsQueryKey({ path: { tenantId: tenant.id } });
  const invalidateList = () => queryClient.invalidateQueries({ queryKey: listKey });

  return (
    <ColorLabelEditPage
      kind={tagLabelKind}
      texts={tagMessages}
      listTo="/{-$locale}/customer-tags"
      backLabel={<FormattedMessage id="customerTags.back" defaultMessage="← Customer tags" />}
      canManage={canManage}
      label={tag}
      formValues={tagFormFrom(tag)}
      subtitle={
        <FormattedMessage
          id="customerTags.count"
          defaultMessage="{count, plural, =0 {No customer carries this tag.} one {# customer carries this tag.} other {# customers carry this tag.}}"
          values={{ count: tag.customerCount }}
        />
      }
      deleteLabel={<FormattedMessage id="customerTags.delete" defaultMessage="Delete" />}
      submitLabel={<FormattedMessage id="customerTags.save" defaultMessage="Save changes" />}
      paused={update.isPaused}
      applyServerErrors={(failure, form) => applyServerErrors(failure, form, intl)}
      reload={reload}
      save={async (values) => {
        const { tag: saved } = await update.mutateAsync({ path, body: { tag: toTagUpdate(values, tag.version) } });
        queryClient.setQueryData(getCustomerTagQueryKey({ path }), { tag: saved });
        await invalidateList();
        notifications.show({
          color: 'green',
          title: intl.formatMessage({ id: 'customerTags.saved.title', defaultMessage: 'Tag saved' }),
          message: saved.name,
        });
        return tagFormFrom(saved);
      }}
      remove={{
        title: intl.formatMessage({ id: 'customerTags.delete.title', defaultMessage: 'Delete this tag?' }),
        confirmLabel: <FormattedMessage id="customerTags.delete.confirm" defaultMessage="Delete tag" />,
        message: (
          <FormattedMessage
            id="customerTags.delete.message"
            defaultMessage="{count, plural, =0 {No customer carries {name}.} one {# customer carries {name}; it will be removed from them.} other {# customers carry {name}; it will be removed from all of them.}}"
            values={{ count: tag.customerCount, name: tag.name }}
          />
        ),
        error: remove.error,
        pending: remove.isPending,
        onConfirm: () =>
          remove.mutate(
            { path },
            {
              onSuccess: () =>
                afterDelete({
                  record: getCustomerTagQueryKey({ path }),
                  list: listKey,
                  notice: { title: intl.formatMessage({ id: 'customerTags.deleted.title', defaultMessage: 'Tag deleted' }), message: tag.name },
                  back: () => navigate({ to: '/{-$locale}/customer-tags', params: { locale: localeParam(locale) } }),
                }),
            },
          ),
      }}
    />
  );
}
