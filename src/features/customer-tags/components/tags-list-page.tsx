import { Anchor, Button, ColorSwatch, Group, Table, Text } from '@mantine/core';
import { IconPlus, IconTags } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { listCustomerTagsOptions } from '@generated/@tanstack/react-query.gen';
import type { Tenant } from '@generated/types.gen';
import { useLocale } from '~/app/use-locale';
import { EmptyState } from '~/components/empty-state';
import { ListBody, ListPageShell } from '~/components/list-page-shell';
import { localeParam } from '~/lib/locale';
import { useCanManageCatalogue } from '~/app/session/use-can-manage-catalogue';
import { tagMessages } from '../messages';
import { defaultTagsQuery, TAGS_PAGE_SIZE } from '../list-query';

/** /customer-tags: the tags that group customers, by name, with how many customers carry each. */
export function TagsListPage({ tenant }: { tenant: Tenant }) {
  const intl = useIntl();
  const locale = useLocale();
  const canManage = useCanManageCatalogue(tenant);
  const [page, setPage] = useState(1);
  const query = { ...defaultTagsQuery, offset: (page - 1) * TAGS_PAGE_SIZE };
  const list = useQuery({ ...listCustomerTagsOptions({ path: { tenantId: tenant.id }, query }), placeholderData: keepPreviousData });
  const pages = Math.max(1, Math.ceil((list.data?.total ?? 0) / TAGS_PAGE_SIZE));
  const createLink = canManage ? (
    <Button
      leftSection={<IconPlus size={18} aria-hidden />}
      renderRoot={(props) => <Link {...props} to="/{-$locale}/customer-tags/create" params={{ locale: localeParam(locale) }} />}
    >
      <FormattedMessage id="customerTags.list.create" defaultMessage="New tag" />
    </Button>
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
        <Table.ScrollContainer minWidth={480}>
          <Table verticalSpacing="sm" highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>
                  <FormattedMessage id="customerTags.list.name" defaultMessage="Tag" />
                </Table.Th>
                <Table.Th>
                  <FormattedMessage id="customerTags.list.description" defaultMessage="Description" />
                </Table.Th>
                <Table.Th ta="right">
                  <FormattedMessage id="customerTags.list.customers" defaultMessage="Customers" />
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((tag) => (
                <Table.Tr key={tag.id}>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      <ColorSwatch color={tag.color} size={14} />
                      <Anchor renderRoot={(props) => <Link {...props} to="/{-$locale}/customer-tags/$id" params={{ locale: localeParam(locale), id: tag.id }} />}>
                        {tag.name}
                      </Anchor>
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
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
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
          {canManage === false ? (
            <Text size="sm" c="dimmed">
              {intl.formatMessage(tagMessages.readOnly)}
            </Text>
          ) : null}
        </>
      }
      page={page}
      pages={pages}
      onPageChange={setPage}
      maw={960}
    >
      {body}
    </ListPageShell>
  );
}
