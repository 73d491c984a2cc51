import { Button, Card, Grid, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAdjustments } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import {
  deleteInventoryItemMutation,
  getInventoryItemOptions,
  getInventoryItemQueryKey,
  listInventoryItemsQueryKey,
  updateInventoryItemMutation,
} from '@generated/@tanstack/react-query.gen';
import type { InventoryItem, Tenant } from '@generated/types.gen';
import { useCanManageCatalogue } from '~/entities/session/use-can-manage-catalogue';
import { useLocale } from '~/lib/use-locale';
import { AnchorLink } from '~/components/anchor-link';
import { DeleteButton, useAfterDelete } from '~/components/delete-button';
import { PageHeader } from '~/components/page-header';
import { QueryState } from '~/components/query-state';
import { ReadOnlyNote } from '~/components/read-only-note';
import { SaveAlert } from '~/components/save-alert';
import { localeParam } from '~/lib/locale';
import { formatMoney } from '~/lib/money';
import { useSaveState } from '~/lib/use-save-state';
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
  const item = useQuery(getInventoryItemOptions({ path: { tenantId: tenant.id, id } }));
  return <QueryState query={item}>{(data) => <InventoryDetail tenant={tenant} item={data.inventoryItem} reload={() => item.refetch()} />}</QueryState>;
}

function InventoryDetail({ tenant, item, reload }: { tenant: Tenant; item: InventoryItem; reload: () => Promise<unknown> }) {
  const intl = useIntl();
  const locale = useLocale();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const afterDelete = useAfterDelete();
  const formatQuantity = useQuantityFormat();
  const canManage = useCanManageCatalogue(tenant);
  const update = useMutation(updateInventoryItemMutation());
  const remove = useMutation(deleteInventoryItemMutation());
  const [adjusting, setAdjusting] = useState(false);
  const save = useSaveState<InventoryForm>({ reload, applyServerErrors: (failure, form) => applyServerErrors(failure, form, intl, tenant.currency.currencyCode) });
  const path = { tenantId: tenant.id, id: item.id };
  const listKey = listInventoryItemsQueryKey({ path: { tenantId: tenant.id } });
  const invalidateList = () => queryClient.invalidateQueries({ queryKey: listKey });

  return (
    <Stack gap="lg" maw={1100}>
      <PageHeader
        back={
          <AnchorLink size="sm" to="/{-$locale}/inventory">
            <FormattedMessage id="inventory.back" defaultMessage="← Inventory" />
          </AnchorLink>
        }
        title={item.name}
        badges={item.lowStock ? <LowStockBadge /> : null}
        actions={
          canManage ? (
            <DeleteButton
              label={<FormattedMessage id="inventory.delete" defaultMessage="Delete" />}
              title={intl.formatMessage({ id: 'inventory.delete.title', defaultMessage: 'Delete this product?' })}
              error={remove.error}
              errorMessages={{ forbidden: intl.formatMessage(inventoryMessages.forbidden) }}
              pending={remove.isPending}
              onConfirm={() =>
                remove.mutate(
                  { path },
                  {
                    onSuccess: () =>
                      afterDelete({
                        record: getInventoryItemQueryKey({ path }),
                        list: listKey,
                        notice: { title: intl.formatMessage({ id: 'inventory.deleted.title', defaultMessage: 'Product deleted' }), message: item.name },
                        back: () => navigate({ to: '/{-$locale}/inventory', params: { locale: localeParam(locale) } }),
                      }),
                  },
                )
              }
              confirmLabel={<FormattedMessage id="inventory.delete.confirm" defaultMessage="Delete product" />}
            >
              <FormattedMessage
                id="inventory.delete.message"
                defaultMessage="{name} leaves the inventory. Its stock movements and past sales are kept."
                values={{ name: item.name }}
              />
            </DeleteButton>
          ) : null
        }
      />
      <ReadOnlyNote show={canManage === false} message={inventoryMessages.readOnly} />

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
        key={save.formKey}
        tenantId={tenant.id}
        readOnly={canManage !== true}
        defaultValues={inventoryFormFromItem(item, locale)}
        withQuantity={false}
        currencySymbol={tenant.currencySymbol}
        alert={<SaveAlert state={save} texts={inventoryMessages} />}
        onSubmit={save.submit(async (values, form) => {
          const body = { inventoryItem: toUpdateInput(values, tenant.currency.currencyCode, locale, item.version) };
          const { inventoryItem } = await update.mutateAsync({ path, body });
          queryClient.setQueryData(getInventoryItemQueryKey({ path }), { inventoryItem });
          await invalidateList();
          form.reset(inventoryFormFromItem(inventoryItem, locale));
          notifications.show({
            color: 'green',
            title: intl.formatMessage({ id: 'inventory.saved.title', defaultMessage: 'Product saved' }),
            message: inventoryItem.name,
          });
        })}
      />

      <AdjustStockModal item={item} opened={adjusting} onClose={() => setAdjusting(false)} />
    </Stack>
  );
}
