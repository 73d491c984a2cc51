import { Badge, Group, Text } from '@mantine/core';
import { IconPackage } from '@tabler/icons-react';
import { FormattedMessage, useIntl } from 'react-intl';
import { listInventoryItemsOptions } from '@generated/@tanstack/react-query.gen';
import type { Tenant } from '@generated/types.gen';
import { useCanManageCatalogue } from '~/entities/session/use-can-manage-catalogue';
import { useLocale } from '~/lib/use-locale';
import { AnchorLink } from '~/components/anchor-link';
import { RecordListPage } from '~/components/record-list-page';
import { formatMoney } from '~/lib/money';
import { useQuantityFormat } from '../hooks/use-quantity-format';
import { inventoryMessages } from '../messages';
import { LowStockBadge } from './low-stock-badge';
import { defaultInventoryQuery, INVENTORY_PAGE_SIZE } from '../list-query';

/** /inventory: products with stock, low-stock badges, search, a low-stock filter, sorting and pages. */
export function InventoryListPage({ tenant }: { tenant: Pick<Tenant, 'id' | 'ownerUserId'> }) {
  const intl = useIntl();
  const locale = useLocale();
  const formatQuantity = useQuantityFormat();
  const canManage = useCanManageCatalogue(tenant);
  return (
    <RecordListPage
      title={<FormattedMessage id="inventory.list.title" defaultMessage="Inventory" />}
      intro={<FormattedMessage id="inventory.list.intro" defaultMessage="Products you sell or use, with their stock." />}
      canManage={canManage}
      create={{ to: '/{-$locale}/inventory/create', label: <FormattedMessage id="inventory.list.create" defaultMessage="New product" /> }}
      defaultQuery={defaultInventoryQuery}
      pageSize={INVENTORY_PAGE_SIZE}
      options={(query) => listInventoryItemsOptions({ path: { tenantId: tenant.id }, query })}
      search={{
        miw: 220,
        label: intl.formatMessage({ id: 'inventory.list.search', defaultMessage: 'Search' }),
        placeholder: intl.formatMessage({ id: 'inventory.list.search.placeholder', defaultMessage: 'Name, SKU or barcode' }),
      }}
      filter={{
        label: intl.formatMessage({ id: 'inventory.list.filter', defaultMessage: 'Show' }),
        data: [
          { value: 'all', label: intl.formatMessage({ id: 'inventory.list.filter.all', defaultMessage: 'All' }) },
          { value: 'low', label: intl.formatMessage(inventoryMessages.lowStock) },
        ],
        query: () => ({ lowStock: true }),
      }}
      sort={{
        width: 220,
        label: intl.formatMessage({ id: 'inventory.list.sort', defaultMessage: 'Sort by' }),
        data: [
          { value: 'name', label: intl.formatMessage({ id: 'inventory.sort.name', defaultMessage: 'Name (A–Z)' }) },
          { value: '-name', label: intl.formatMessage({ id: 'inventory.sort.nameDesc', defaultMessage: 'Name (Z–A)' }) },
          { value: 'quantity', label: intl.formatMessage({ id: 'inventory.sort.quantity', defaultMessage: 'Stock (lowest first)' }) },
          { value: '-quantity', label: intl.formatMessage({ id: 'inventory.sort.quantityDesc', defaultMessage: 'Stock (highest first)' }) },
          { value: 'sku', label: intl.formatMessage({ id: 'inventory.sort.sku', defaultMessage: 'SKU' }) },
          { value: '-updatedAt', label: intl.formatMessage({ id: 'inventory.sort.updated', defaultMessage: 'Recently changed' }) },
        ],
      }}
      noMatch={{
        title: <FormattedMessage id="inventory.list.noMatch.title" defaultMessage="No products match" />,
        description: <FormattedMessage id="inventory.list.noMatch.description" defaultMessage="Try another search or show all products." />,
      }}
      empty={{
        icon: <IconPackage size={30} aria-hidden />,
        title: <FormattedMessage id="inventory.list.empty.title" defaultMessage="No products yet" />,
        description: (
          <FormattedMessage id="inventory.list.empty.description" defaultMessage="Add the products you sell or use in your services to keep track of their stock." />
        ),
      }}
      minWidth={640}
      rowKey={(item) => item.id}
      columns={[
        {
          label: intl.formatMessage({ id: 'inventory.list.name', defaultMessage: 'Product' }),
          cell: (item) => (
            <>
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
            </>
          ),
        },
        { label: intl.formatMessage({ id: 'inventory.list.sku', defaultMessage: 'SKU' }), cell: (item) => item.sku ?? '' },
        {
          label: intl.formatMessage({ id: 'inventory.list.stock', defaultMessage: 'Stock' }),
          cell: (item) => (
            <Group gap="xs" wrap="nowrap">
              <Text span>{formatQuantity(item.quantity, item.unit)}</Text>
              {item.lowStock ? <LowStockBadge /> : null}
            </Group>
          ),
        },
        {
          label: intl.formatMessage({ id: 'inventory.list.price', defaultMessage: 'Price' }),
          align: 'right',
          cell: (item) => (item.price ? formatMoney(item.price.amount, { currencyCode: item.price.currency, locale }) : ''),
        },
      ]}
    />
  );
}
