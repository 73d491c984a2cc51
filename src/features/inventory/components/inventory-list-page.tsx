import { Anchor, Badge, Button, Group, SegmentedControl, Select, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPackage, IconPlus, IconSearch } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { listInventoryItemsOptions } from '@generated/@tanstack/react-query.gen';
import type { InventorySort, Tenant } from '@generated/types.gen';
import { useCanManageCatalogue } from '~/app/session/use-can-manage-catalogue';
import { useLocale } from '~/app/use-locale';
import { EmptyState } from '~/components/empty-state';
import { ListBody, ListPageShell } from '~/components/list-page-shell';
import { localeParam } from '~/lib/locale';
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
  const [page, setPage] = useState(1);
  const query = {
    ...defaultInventoryQuery,
    offset: (page - 1) * INVENTORY_PAGE_SIZE,
    sort,
    ...(q ? { q } : {}),
    ...(filter === 'low' ? { lowStock: true } : {}),
  };
  const list = useQuery({ ...listInventoryItemsOptions({ path: { tenantId }, query }), placeholderData: keepPreviousData });
  const filtered = Boolean(q) || filter === 'low';
  const pages = Math.max(1, Math.ceil((list.data?.total ?? 0) / INVENTORY_PAGE_SIZE));
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
    <Button
      leftSection={<IconPlus size={18} aria-hidden />}
      renderRoot={(props) => <Link {...props} to="/{-$locale}/inventory/create" params={{ locale: localeParam(locale) }} />}
    >
      <FormattedMessage id="inventory.list.create" defaultMessage="New product" />
    </Button>
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
        <Table.ScrollContainer minWidth={640}>
          <Table verticalSpacing="sm" highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>
                  <FormattedMessage id="inventory.list.name" defaultMessage="Product" />
                </Table.Th>
                <Table.Th>
                  <FormattedMessage id="inventory.list.sku" defaultMessage="SKU" />
                </Table.Th>
                <Table.Th>
                  <FormattedMessage id="inventory.list.stock" defaultMessage="Stock" />
                </Table.Th>
                <Table.Th ta="right">
                  <FormattedMessage id="inventory.list.price" defaultMessage="Price" />
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((item) => (
                <Table.Tr key={item.id}>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      <Anchor renderRoot={(props) => <Link {...props} to="/{-$locale}/inventory/$id" params={{ locale: localeParam(locale), id: item.id }} />}>
                        {item.name}
                      </Anchor>
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
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
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
          <TextInput
            flex={1}
            miw={220}
            type="search"
            label={intl.formatMessage({ id: 'inventory.list.search', defaultMessage: 'Search' })}
            placeholder={intl.formatMessage({ id: 'inventory.list.search.placeholder', defaultMessage: 'Name, SKU or barcode' })}
            leftSection={<IconSearch size={16} aria-hidden />}
            value={search}
            onChange={(event) => {
              setSearch(event.currentTarget.value);
              setPage(1);
            }}
          />
          <SegmentedControl
            aria-label={intl.formatMessage({ id: 'inventory.list.filter', defaultMessage: 'Show' })}
            value={filter}
            onChange={(value) => {
              setFilter(value as 'all' | 'low');
              setPage(1);
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
              setPage(1);
            }}
          />
        </>
      }
      page={page}
      pages={pages}
      onPageChange={setPage}
    >
      {body}
    </ListPageShell>
  );
}
