import { Button, Card, Grid, Stack, Text, Title } from '@mantine/core';
import { IconAdjustments } from '@tabler/icons-react';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import {
  deleteInventoryItemMutation,
  getInventoryItemOptions,
  getInventoryItemQueryKey,
  listInventoryItemsQueryKey,
  updateInventoryItemMutation,
} from '@generated/@tanstack/react-query.gen';
import type { InventoryItemResponse, Tenant } from '@generated/types.gen';
import { useCanManageCatalogue } from '~/entities/session/use-can-manage-catalogue';
import { useLocale } from '~/lib/use-locale';
import { RecordEditorHeader, RecordQuery, useRecordEditor } from '~/components/record-editor';
import { SaveAlert } from '~/components/save-alert';
import { formatMoney } from '~/lib/money';
import { useQuantityFormat } from '../hooks/use-quantity-format';
import { inventoryMessages } from '../messages';
import { inventoryFormFromItem, toUpdateInput } from '../schemas/inventory-form-schema';
import { AdjustStockModal } from './adjust-stock-modal';
import { applyServerErrors } from './apply-server-errors';
import { InventoryItemForm, type InventoryForm } from './inventory-form';
import { LowStockBadge } from './low-stock-badge';
import { MovementList } from './movement-list';

/** /inventory/{id}: the product's stock (adjusted with a reason), its ledger, and its details to edit. */
export function InventoryDetailPage({ tenant, id }: { tenant: Tenant; id: string }) {
  return (
    <RecordQuery options={getInventoryItemOptions({ path: { tenantId: tenant.id, id } })}>
      {(data, reload) => <InventoryDetail tenant={tenant} data={data} reload={reload} />}
    </RecordQuery>
  );
}

function InventoryDetail({ tenant, data, reload }: { tenant: Tenant; data: InventoryItemResponse; reload: () => Promise<unknown> }) {
  const intl = useIntl();
  const locale = useLocale();
  const item = data.inventoryItem;
  const formatQuantity = useQuantityFormat();
  const canManage = useCanManageCatalogue(tenant);
  const [adjusting, setAdjusting] = useState(false);
  const path = { tenantId: tenant.id, id: item.id };
  const editor = useRecordEditor({
    path,
    recordKey: getInventoryItemQueryKey({ path }),
    listKey: listInventoryItemsQueryKey({ path: { tenantId: tenant.id } }),
    listTo: '/{-$locale}/inventory',
    update: updateInventoryItemMutation(),
    remove: deleteInventoryItemMutation(),
    reload,
    applyServerErrors: (failure: unknown, form: InventoryForm) => applyServerErrors(failure, form, intl, tenant.currency.currencyCode),
    current: data,
    name: (response) => response.inventoryItem.name,
    texts: inventoryMessages,
  });

  return (
    <Stack gap="lg" maw={1100}>
      <RecordEditorHeader
        editor={editor}
        listTo="/{-$locale}/inventory"
        backLabel={<FormattedMessage id="inventory.back" defaultMessage="← Inventory" />}
        title={item.name}
        badges={item.lowStock ? <LowStockBadge /> : null}
        canManage={canManage}
        texts={inventoryMessages}
        remove={{
          label: <FormattedMessage id="inventory.delete" defaultMessage="Delete" />,
          title: intl.formatMessage({ id: 'inventory.delete.title', defaultMessage: 'Delete this product?' }),
          confirmLabel: <FormattedMessage id="inventory.delete.confirm" defaultMessage="Delete product" />,
          message: (
            <FormattedMessage
              id="inventory.delete.message"
              defaultMessage="{name} leaves the inventory. Its stock movements and past sales are kept."
              values={{ name: item.name }}
            />
          ),
        }}
      />

      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Card withBorder radius="lg" padding="lg">
            <Stack gap="xs">
              <Text size="sm" c="dimmed">
                <FormattedMessage id="inventory.stock.title" defaultMessage="In stock" />
              </Text>
              <Text size="xl" fw={700} data-testid="inventory-stock">
                {formatQuantity(item.quantity, item.unit)}
              </Text>
              {item.minQuantity !== undefined ? (
                <Text size="sm" c="dimmed">
                  <FormattedMessage
                    id="inventory.stock.threshold"
                    defaultMessage="Low-stock warning at {quantity}"
                    values={{ quantity: formatQuantity(item.minQuantity, item.unit) }}
                  />
                </Text>
              ) : null}
              {item.price ? (
                <Text size="sm">
                  <FormattedMessage
                    id="inventory.stock.price"
                    defaultMessage="Sale price {price}"
                    values={{ price: formatMoney(item.price.amount, { currencyCode: item.price.currency, locale }) }}
                  />
                </Text>
              ) : null}
              {canManage ? (
                <Button mt="sm" leftSection={<IconAdjustments size={18} aria-hidden />} onClick={() => setAdjusting(true)}>
                  <FormattedMessage id="inventory.adjust.open" defaultMessage="Adjust stock" />
                </Button>
              ) : null}
            </Stack>
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Card withBorder radius="lg" padding="lg">
            <MovementList item={item} timeZone={tenant.timeZone} />
          </Card>
        </Grid.Col>
      </Grid>

      <Title order={2} size="h3">
        <FormattedMessage id="inventory.details.title" defaultMessage="Details" />
      </Title>
      <InventoryItemForm
        key={editor.save.formKey}
        tenantId={tenant.id}
        readOnly={canManage !== true}
        defaultValues={inventoryFormFromItem(item, locale)}
        withQuantity={false}
        currencySymbol={tenant.currencySymbol}
        alert={<SaveAlert state={editor.save} texts={inventoryMessages} />}
        onSubmit={editor.submit(
          (values) => ({ inventoryItem: toUpdateInput(values, tenant.currency.currencyCode, locale, item.version) }),
          (response) => inventoryFormFromItem(response.inventoryItem, locale),
        )}
      />

      <AdjustStockModal item={item} opened={adjusting} onClose={() => setAdjusting(false)} />
    </Stack>
  );
}
