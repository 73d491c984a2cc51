import { FormattedMessage, useIntl } from 'react-intl';
import { createCustomerTagMutation, listCustomerTagsQueryKey } from '@generated/@tanstack/react-query.gen';
import type { Tenant } from '@generated/types.gen';
import { useCanManageCatalogue } from '~/entities/session/use-can-manage-catalogue';
import { ColorLabelCreatePage } from '~/components/color-label-pages';
import { useRecordCreator } from '~/components/record-editor';
import { MAX_CUSTOMER_TAGS } from '@common/limits';
import { tagMessages } from '../messages';
import { newTagForm, toTagInput } from '../schemas/tag-form-schema';
import { applyServerErrors } from './apply-server-errors';
import { tagLabelKind } from './tag-form';

/** /customer-tags/create. */
export function TagCreatePage({ tenant }: { tenant: Tenant }) {
  const intl = useIntl();
  const canManage = useCanManageCatalogue(tenant);
  const creator = useRecordCreator({
    path: { tenantId: tenant.id },
    create: createCustomerTagMutation(),
    listKey: listCustomerTagsQueryKey({ path: { tenantId: tenant.id } }),
    name: ({ tag }) => tag.name,
    texts: tagMessages,
    next: () => ({ to: '/{-$locale}/customer-tags' }),
  });

  return (
    <ColorLabelCreatePage
      kind={tagLabelKind}
      texts={tagMessages}
      listTo="/{-$locale}/customer-tags"
      backLabel={<FormattedMessage id="customerTags.back" defaultMessage="← Customer tags" />}
      title={<FormattedMessage id="customerTags.create.title" defaultMessage="New tag" />}
      canManage={canManage}
      defaultValues={newTagForm()}
      submitLabel={<FormattedMessage id="customerTags.create.submit" defaultMessage="Create tag" />}
      paused={creator.paused}
      applyServerErrors={(failure, form) => applyServerErrors(failure, form, intl)}
      problemCodes={{
        too_many_tags: intl.formatMessage(
          {
            id: 'customerTags.create.tooMany',
            defaultMessage: 'This business already has {max} tags, the most it can have. Delete a tag you no longer use to add another.',
          },
          { max: MAX_CUSTOMER_TAGS },
        ),
      }}
      create={creator.submit((values) => ({ tag: toTagInput(values) }))}
    />
  );
}
