import { ColorSwatch, Group, Table, Text } from '@mantine/core';
import { IconTags } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { FormattedMessage, useIntl } from 'react-intl';
import { listCustomerTagsOptions } from '@generated/@tanstack/react-query.gen';
import type { Tenant } from '@generated/types.gen';
import { EmptyState } from '~/components/empty-state';
import { ListBody, ListPageShell } from '~/components/list-page-shell';
import { useCanManageCatalogue } from '~/entities/session/use-can-manage-catalogue';
import { useListPaging } from '~/lib/use-list-paging';
import { ReadOnlyNote } from '~/components/read-only-note';
import { ListTable } from '~/components/list-table';
import { CreateButton } from '~/components/create-button';
import { AnchorLink } from '~/components/anchor-link';
import { tagMessages } from '../messages';
import { defaultTagsQuery, TAGS_PAGE_SIZE } from '../list-query';

/** /customer-tags: the tags that group customers, by name, with how many customers carry each. */
export function TagsListPage({ tenant }: { tenant: Tenant }) {
  const intl = useIntl();
  const canManage = useCanManageCatalogue(tenant);
  const paging = useListPaging(TAGS_PAGE_SIZE);
  const query = { ...defaultTagsQuery, offset: paging.offset };
  const list = useQuery({ ...listCustomerTagsOptions({ path: { tenantId: tenant.id }, query }), placeholderData: keepPreviousData });
  const createLink = canManage ? (
    <CreateButton to="/{-$locale}/customer-tags/create">
      <FormattedMessage id="customerTags.list.create" defaultMessage="New tag" />
    </CreateButton>
  ) : null;

  const body = (
    <ListBody
      list={list}
      empty={
        <EmptyState
          icon={<IconTags size={30} aria-hidden />}
          title={<FormattedMessage id="customerTags.list.empty.title" defaultMessage="No tags yet" />}
          description={<FormattedMessage id="customerTags.list.empty.description" defaultMessage="Tags group your customers, e.g. “Regular” or “Curly hair”, to find and filter them." />}
          action={createLink}
        />
      }
    >
      {(items) => (
        <ListTable
          minWidth={480}
          columns={[
            { label: <FormattedMessage id="customerTags.list.name" defaultMessage="Tag" /> },
            { label: <FormattedMessage id="customerTags.list.description" defaultMessage="Description" /> },
            { label: <FormattedMessage id="customerTags.list.customers" defaultMessage="Customers" />, align: 'right' },
          ]}
        >
          {items.map((tag) => (
            <Table.Tr key={tag.id}>
              <Table.Td>
                <Group gap="xs" wrap="nowrap">
                  <ColorSwatch color={tag.color} size={14} />
                  <AnchorLink to="/{-$locale}/customer-tags/$id" params={{ id: tag.id }}>
                    {tag.name}
                  </AnchorLink>
                </Group>
              </Table.Td>
              <Table.Td>
                <Text size="sm" c="dimmed" lineClamp={1}>
                  {tag.description}
                </Text>
              </Table.Td>
              <Table.Td ta="right">{intl.formatNumber(tag.customerCount)}</Table.Td>
            </Table.Tr>
          ))}
        </ListTable>
      )}
    </ListBody>
  );

  return (
    <ListPageShell
      title={<FormattedMessage id="customerTags.list.title" defaultMessage="Customer tags" />}
      intro={<FormattedMessage id="customerTags.list.intro" defaultMessage="Group your customers to find them quickly and filter the customer list." />}
      actions={createLink}
      notices={
        <>
          <ReadOnlyNote show={canManage === false} message={tagMessages.readOnly} />
        </>
      }
      page={paging.page}
      pages={paging.pages(list.data?.total)}
      onPageChange={paging.setPage}
      maw={960}
    >
      {body}
    </ListPageShell>
  );
}
