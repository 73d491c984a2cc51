import { FormattedMessage, useIntl } from 'react-intl';
import {
  deleteCustomerTagMutation,
  getCustomerTagOptions,
  getCustomerTagQueryKey,
  listCustomerTagsQueryKey,
  updateCustomerTagMutation,
} from '@generated/@tanstack/react-query.gen';
import type { CustomerTagResponse, Tenant } from '@generated/types.gen';
import { useCanManageCatalogue } from '~/entities/session/use-can-manage-catalogue';
import { ColorLabelEditPage } from '~/components/color-label-pages';
import type { ColorLabelForm } from '~/components/color-label-form';
import { RecordQuery, useRecordEditor } from '~/components/record-editor';
import { tagMessages } from '../messages';
import { tagFormFrom, toTagUpdate } from '../schemas/tag-form-schema';
import { applyServerErrors } from './apply-server-errors';
import { tagLabelKind } from './tag-form';

/** /customer-tags/{id}: a tag to rename, recolour or delete. */
export function TagEditPage({ tenant, id }: { tenant: Tenant; id: string }) {
  return (
    <RecordQuery options={getCustomerTagOptions({ path: { tenantId: tenant.id, id } })}>
      {(data, reload) => <TagEditor tenant={tenant} data={data} reload={reload} />}
    </RecordQuery>
  );
}

function TagEditor({ tenant, data, reload }: { tenant: Tenant; data: CustomerTagResponse; reload: () => Promise<unknown> }) {
  const intl = useIntl();
  const tag = data.tag;
  const canManage = useCanManageCatalogue(tenant);
  const path = { tenantId: tenant.id, id: tag.id };
  const editor = useRecordEditor({
    path,
    recordKey: getCustomerTagQueryKey({ path }),
    listKey: listCustomerTagsQueryKey({ path: { tenantId: tenant.id } }),
    listTo: '/{-$locale}/customer-tags',
    update: updateCustomerTagMutation(),
    remove: deleteCustomerTagMutation(),
    reload,
    applyServerErrors: (failure: unknown, form: ColorLabelForm) => applyServerErrors(failure, form, intl),
    current: data,
    name: (response) => response.tag.name,
    texts: tagMessages,
  });

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
      editor={editor}
      onSubmit={editor.submit(
        (values) => ({ tag: toTagUpdate(values, tag.version) }),
        (response) => tagFormFrom(response.tag),
      )}
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
      }}
    />
  );
}
