import { ColorSwatch, Group, Text } from '@mantine/core';
import { IconTags } from '@tabler/icons-react';
import { FormattedMessage, useIntl } from 'react-intl';
import { listCustomerTagsOptions } from '@generated/@tanstack/react-query.gen';
import type { Tenant } from '@generated/types.gen';
import { useCanManageCatalogue } from '~/entities/session/use-can-manage-catalogue';
import { AnchorLink } from '~/components/anchor-link';
import { RecordListPage } from '~/components/record-list-page';
import { tagMessages } from '../messages';
import { defaultTagsQuery, TAGS_PAGE_SIZE } from '../list-query';

/** /customer-tags: the tags that group customers, by name, with how many customers carry each. */
export function TagsListPage({ tenant }: { tenant: Tenant }) {
  const intl = useIntl();
  const canManage = useCanManageCatalogue(tenant);
  return (
    <RecordListPage
      title={<FormattedMessage id="customerTags.list.title" defaultMessage="Customer tags" />}
      intro={<FormattedMessage id="customerTags.list.intro" defaultMessage="Group your customers to find them quickly and filter the customer list." />}
      maw={960}
      canManage={canManage}
      create={{ to: '/{-$locale}/customer-tags/create', label: <FormattedMessage id="customerTags.list.create" defaultMessage="New tag" /> }}
      readOnly={tagMessages.readOnly}
      defaultQuery={defaultTagsQuery}
      pageSize={TAGS_PAGE_SIZE}
      options={(query) => listCustomerTagsOptions({ path: { tenantId: tenant.id }, query })}
      empty={{
        icon: <IconTags size={30} aria-hidden />,
        title: <FormattedMessage id="customerTags.list.empty.title" defaultMessage="No tags yet" />,
        description: (
          <FormattedMessage id="customerTags.list.empty.description" defaultMessage="Tags group your customers, e.g. “Regular” or “Curly hair”, to find and filter them." />
        ),
      }}
      minWidth={480}
      rowKey={(tag) => tag.id}
      columns={[
        {
          label: intl.formatMessage({ id: 'customerTags.list.name', defaultMessage: 'Tag' }),
          cell: (tag) => (
            <Group gap="xs" wrap="nowrap">
              <ColorSwatch color={tag.color} size={14} />
              <AnchorLink to="/{-$locale}/customer-tags/$id" params={{ id: tag.id }}>
                {tag.name}
              </AnchorLink>
            </Group>
          ),
        },
        {
          label: intl.formatMessage({ id: 'customerTags.list.description', defaultMessage: 'Description' }),
          cell: (tag) => (
            <Text size="sm" c="dimmed" lineClamp={1}>
              {tag.description}
            </Text>
          ),
        },
        { label: intl.formatMessage({ id: 'customerTags.list.customers', defaultMessage: 'Customers' }), align: 'right', cell: (tag) => intl.formatNumber(tag.customerCount) },
      ]}
    />
  );
}
