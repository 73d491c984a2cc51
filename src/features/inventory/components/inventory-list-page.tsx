import { Badge, Group, SegmentedControl, Select, Table, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPackage, IconSearch } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { listInventoryItemsOptions } from '@generated/@tanstack/react-query.gen';
import type { InventorySort, Tenant } from '@generated/types.gen';
import { useCanManageCatalogue } from '~/entities/session/use-can-manage-catalogue';
import { useLocale } from '~/lib/use-locale';
import { AnchorLink } from '~/components/anchor-link';
import { CreateButton } from '~/components/create-button';
import { EmptyState } from '~/components/empty-state';
import { ListBody, ListPageShell } from '~/components/list-page-shell';
import { ListSearchInput } from '~/components/list-search-input';
import { ListTable } from '~/components/list-table';
import { useListPaging } from '~/lib/use-list-paging';
import { formatMoney } from '~/lib/money';
import { useQuantityFormat } from '../hooks/use-quantity-format';
import { inventoryMessages } from '../messages';
import { LowStockBadge } from './low-stock-badge';
import { defaultInventoryQuery, INVENTORY_PAGE_SIZE } from '../list-query';

/** /inventory: products with stock, low-stock badges, search, a low-stock filter, sorting and pages. */
export function InventoryListPage({ tenant }: { tenant: Pick<Tenant, 'id' | 'ownerUserId'> }) {
  const tenantId = tenant.id;
  const intl = useIntl();
  const locale = useLocale();
  const formatQuantity = useQuantityFormat();
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 300);
  const [filter, setFilter] = useState<'all' | 'low'>('all');
  const [sort, setSort] = useState<InventorySort>('name');
  const paging = useListPaging(INVENTORY_PAGE_SIZE);
  const query = {
    ...defaultInventoryQuery,
    offset: paging.offset,
    sort,
    ...(q ? { q } : {}),
    ...(filter === 'low' ? { lowStock: true } : {}),
  };
  const list = useQuery({ ...listInventoryItemsOptions({ path: { tenantId }, query }), placeholderData: keepPreviousData });
  const filtered = Boolean(q) || filter === 'low';
  const sortData: Array<{ value: InventorySort; label: string }> = [
    { value: 'name', label: intl.formatMessage({ id: 'inventory.sort.name', defaultMessage: 'Name (A–Z)' }) },
    { value: '-name', label: intl.formatMessage({ id: 'inventory.sort.nameDesc', defaultMessage: 'Name (Z–A)' }) },
    { value: 'quantity', label: intl.formatMessage({ id: 'inventory.sort.quantity', defaultMessage: 'Stock (lowest first)' }) },
    { value: '-quantity', label: intl.formatMessage({ id: 'inventory.sort.quantityDesc', defaultMessage: 'Stock (highest first)' }) },
    { value: 'sku', label: intl.formatMessage({ id: 'inventory.sort.sku', defaultMessage: 'SKU' }) },
    { value: '-updatedAt', label: intl.formatMessage({ id: 'inventory.sort.updated', defaultMessage: 'Recently changed' }) },
  ];
  const canManage = useCanManageCatalogue(tenant);
  const createLink = canManage ? (
    <CreateButton to="/{-$locale}/inventory/create">
      <FormattedMessage id="inventory.list.create" defaultMessage="New product" />
    </CreateButton>
  ) : null;

  const body = (
    <ListBody
      list={list}
      filtered={filtered}
      noMatch={
        <EmptyState
          icon={<IconSearch size={30} aria-hidden />}
          title={<FormattedMessage id="inventory.list.noMatch.title" defaultMessage="No products match" />}
          description={<FormattedMessage id="inventory.list.noMatch.description" defaultMessage="Try another search or show all products." />}
        />
      }
      empty={
        <EmptyState
          icon={<IconPackage size={30} aria-hidden />}
          title={<FormattedMessage id="inventory.list.empty.title" defaultMessage="No products yet" />}
          description={
            <FormattedMessage id="inventory.list.empty.description" defaultMessage="Add the products you sell or use in your services to keep track of their stock." />
          }
          action={createLink}
        />
      }
    >
      {(items) => (
        <ListTable
          minWidth={640}
          columns={[
            { label: <FormattedMessage id="inventory.list.name" defaultMessage="Product" /> },
            { label: <FormattedMessage id="inventory.list.sku" defaultMessage="SKU" /> },
            { label: <FormattedMessage id="inventory.list.stock" defaultMessage="Stock" /> },
            { label: <FormattedMessage id="inventory.list.price" defaultMessage="Price" />, align: 'right' },
          ]}
        >
          {items.map((item) => (
            <Table.Tr key={item.id}>
              <Table.Td>
                <Group gap="xs" wrap="nowrap">
                  <AnchorLink to="/{-$locale}/inventory/$id" params={{ id: item.id }}>
                    {item.name}
                  </AnchorLink>
                  {item.active ? null : (
                    <Badge color="gray" variant="light">
                      {intl.formatMessage(inventoryMessages.inactive)}
                    </Badge>
                  )}
                </Group>
                {item.category ? (
                  <Text size="xs" c="dimmed">
                    {item.category}
                  </Text>
                ) : null}
              </Table.Td>
              <Table.Td>{item.sku ?? ''}</Table.Td>
              <Table.Td>
                <Group gap="xs" wrap="nowrap">
                  <Text span>{formatQuantity(item.quantity, item.unit)}</Text>
                  {item.lowStock ? <LowStockBadge /> : null}
                </Group>
              </Table.Td>
              <Table.Td ta="right">{item.price ? formatMoney(item.price.amount, { currencyCode: item.price.currency, locale }) : ''}</Table.Td>
            </Table.Tr>
          ))}
        </ListTable>
      )}
    </ListBody>
  );

  return (
    <ListPageShell
      title={<FormattedMessage id="inventory.list.title" defaultMessage="Inventory" />}
      intro={<FormattedMessage id="inventory.list.intro" defaultMessage="Products you sell or use, with their stock." />}
      actions={createLink}
      filters={
        <>
          <ListSearchInput
            flex={1}
            miw={220}
            label={intl.formatMessage({ id: 'inventory.list.search', defaultMessage: 'Search' })}
            placeholder={intl.formatMessage({ id: 'inventory.list.search.placeholder', defaultMessage: 'Name, SKU or barcode' })}
            value={search}
            onSearch={(text) => {
              setSearch(text);
              paging.reset();
            }}
          />
          <SegmentedControl
            aria-label={intl.formatMessage({ id: 'inventory.list.filter', defaultMessage: 'Show' })}
            value={filter}
            onChange={(value) => {
              setFilter(value as 'all' | 'low');
              paging.reset();
            }}
            data={[
              { value: 'all', label: intl.formatMessage({ id: 'inventory.list.filter.all', defaultMessage: 'All' }) },
              { value: 'low', label: intl.formatMessage(inventoryMessages.lowStock) },
            ]}
          />
          <Select
            w={220}
            label={intl.formatMessage({ id: 'inventory.list.sort', defaultMessage: 'Sort by' })}
            data={sortData}
            allowDeselect={false}
            value={sort}
            onChange={(value) => {
              if (value) setSort(value as InventorySort);
              paging.reset();
            }}
          />
        </>
      }
      page={paging.page}
      pages={paging.pages(list.data?.total)}
      onPageChange={paging.setPage}
    >
      {body}
    </ListPageShell>
  );
}
