import { Badge, Group, Pagination, Stack, Table, Text, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { listInventoryMovementsOptions } from '@generated/@tanstack/react-query.gen';
import type { InventoryItem, InventoryMovement } from '@generated/types.gen';
import { ListTable } from '~/components/list-table';
import { useLocale } from '~/lib/use-locale';
import { EmptyState } from '~/components/empty-state';
import { QueryState } from '~/components/query-state';
import { formatTimestamp } from '~/lib/format-timestamp';
import { useQuantityFormat } from '../hooks/use-quantity-format';
import { reasonNames } from '../messages';

export const MOVEMENTS_PAGE_SIZE = 10;

/** The stock ledger of a product, newest first. */
export function MovementList({ item, timeZone }: { item: InventoryItem; timeZone: string }) {
  const intl = useIntl();
  const locale = useLocale();
  const formatQuantity = useQuantityFormat();
  const [page, setPage] = useState(1);
  const movements = useQuery({
    ...listInventoryMovementsOptions({
      path: { tenantId: item.tenantId, id: item.id },
      query: { limit: MOVEMENTS_PAGE_SIZE, offset: (page - 1) * MOVEMENTS_PAGE_SIZE },
    }),
    placeholderData: keepPreviousData,
  });
  const pages = Math.max(1, Math.ceil((movements.data?.total ?? 0) / MOVEMENTS_PAGE_SIZE));

  /** The ledger's page, or the empty state. */
  const content = ({ items }: { items: InventoryMovement[] }) =>
    items.length === 0 ? (
      <EmptyState
        title={<FormattedMessage id="inventory.movements.empty.title" defaultMessage="No stock movements yet" />}
        description={<FormattedMessage id="inventory.movements.empty.description" defaultMessage="Adjustments of the stock appear here, with their reason." />}
      />
    ) : (
      <ListTable
        minWidth={560}
        dense
        label={intl.formatMessage({ id: 'inventory.movements.title', defaultMessage: 'Stock movements' })}
        columns={[
          { label: intl.formatMessage({ id: 'inventory.movements.when', defaultMessage: 'When' }) },
          { label: intl.formatMessage({ id: 'inventory.movements.reason', defaultMessage: 'Reason' }) },
          { label: intl.formatMessage({ id: 'inventory.movements.change', defaultMessage: 'Change' }), align: 'right' },
          { label: intl.formatMessage({ id: 'inventory.movements.after', defaultMessage: 'Stock after' }), align: 'right' },
        ]}
      >
        {items.map((movement) => (
          <Table.Tr key={movement.id}>
            <Table.Td>{formatTimestamp(movement.createdAt, locale, timeZone)}</Table.Td>
            <Table.Td>
              <Badge variant="light" color={movement.delta < 0 ? 'red' : 'teal'}>
                {intl.formatMessage(reasonNames[movement.reason])}
              </Badge>
              {movement.note ? (
                <Text size="xs" c="dimmed">
                  {movement.note}
                </Text>
              ) : null}
            </Table.Td>
            <Table.Td ta="right">{intl.formatNumber(movement.delta, { maximumFractionDigits: 3, signDisplay: 'exceptZero' })}</Table.Td>
            <Table.Td ta="right">{formatQuantity(movement.quantityAfter, item.unit)}</Table.Td>
          </Table.Tr>
        ))}
      </ListTable>
    );

  return (
    <Stack gap="sm">
      <Title order={2} size="h4">
        <FormattedMessage id="inventory.movements.title" defaultMessage="Stock movements" />
      </Title>
      <QueryState query={movements} loaderHeight={120}>
        {content}
      </QueryState>
      {pages > 1 ? (
        <Group justify="center">
          <Pagination total={pages} value={page} onChange={setPage} size="sm" />
        </Group>
      ) : null}
    </Stack>
  );
}
