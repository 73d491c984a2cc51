import { Anchor, Button, Card, Grid, Group, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAdjustments, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
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
import { useCanManageCatalogue } from '~/app/session/use-can-manage-catalogue';
import { useLocale } from '~/app/use-locale';
import { ApiErrorAlert } from '~/components/api-error-alert';
import { ConfirmDeleteModal } from '~/components/confirm-delete-modal';
import { LoadError } from '~/components/load-error';
import { PageLoader } from '~/components/page-loader';
import { StaleVersionAlert } from '~/components/stale-version-alert';
import { isStaleVersion } from '~/lib/api-problem';
import { localeParam } from '~/lib/locale';
import { formatMoney } from '~/lib/money';
import { useQuantityFormat } from '../hooks/use-quantity-format';
import { inventoryMessages } from '../messages';
import { inventoryFormFromItem, toUpdateInput } from '../schemas/inventory-form-schema';
import { AdjustStockModal } from './adjust-stock-modal';
import { applyServerErrors } from './apply-server-errors';
import { InventoryItemForm } from './inventory-form';
import { LowStockBadge } from './low-stock-badge';
import { MovementList } from './movement-list';

/** /inventory/{id}: the product's stock (adjusted with a reason), its ledger, and its details to edit. */
export function InventoryDetailPage({ tenant, id }: { tenant: Tenant; id: string }) {
  const item = useQuery(getInventoryItemOptions({ path: { tenantId: tenant.id, id } }));
  if (item.isPending) return <PageLoader />;
  if (item.isError) return <LoadError onRetry={() => void item.refetch()} retrying={item.isFetching} />;
  return <InventoryDetail tenant={tenant} item={item.data.inventoryItem} reload={() => item.refetch()} />;
}

function InventoryDetail({ tenant, item, reload }: { tenant: Tenant; item: InventoryItem; reload: () => Promise<unknown> }) {
  const intl = useIntl();
  const locale = useLocale();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const formatQuantity = useQuantityFormat();
  const canManage = useCanManageCatalogue(tenant);
  const update = useMutation(updateInventoryItemMutation());
  const remove = useMutation(deleteInventoryItemMutation());
  const [adjusting, setAdjusting] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [stale, setStale] = useState(false);
  // The form starts again from the server's values after a reload (a new key remounts it).
  const [formKey, setFormKey] = useState(0);
  const path = { tenantId: tenant.id, id: item.id };
  const invalidateList = () => queryClient.invalidateQueries({ queryKey: listInventoryItemsQueryKey({ path: { tenantId: tenant.id } }) });

  const reloadItem = async () => {
    await reload();
    setStale(false);
    setError(null);
    setFormKey((key) => key + 1);
  };

  return (
    <Stack gap="lg" maw={1100}>
      <Stack gap={4}>
        <Anchor size="sm" renderRoot={(props) => <Link {...props} to="/{-$locale}/inventory" params={{ locale: localeParam(locale) }} />}>
          <FormattedMessage id="inventory.back" defaultMessage="← Inventory" />
        </Anchor>
        <Group justify="space-between" align="center">
          <Group gap="sm">
            <Title order={1}>{item.name}</Title>
            {item.lowStock ? <LowStockBadge /> : null}
          </Group>
          {canManage ? (
            <Button variant="subtle" color="red" leftSection={<IconTrash size={16} aria-hidden />} onClick={() => setConfirmDelete(true)}>
              <FormattedMessage id="inventory.delete" defaultMessage="Delete" />
            </Button>
          ) : null}
        </Group>
      </Stack>
      {canManage === false ? (
        <Text size="sm" c="dimmed">
          {intl.formatMessage(inventoryMessages.readOnly)}
        </Text>
      ) : null}

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
        key={formKey}
        readOnly={canManage !== true}
        defaultValues={inventoryFormFromItem(item)}
        withQuantity={false}
        currencySymbol={tenant.currencySymbol}
        alert={
          stale ? (
            <StaleVersionAlert
              title={intl.formatMessage(inventoryMessages.staleTitle)}
              message={intl.formatMessage(inventoryMessages.staleMessage)}
              reloadLabel={intl.formatMessage(inventoryMessages.staleReload)}
              onReload={() => void reloadItem()}
            />
          ) : (
            <ApiErrorAlert error={error} messages={{ forbidden: intl.formatMessage(inventoryMessages.forbidden) }} />
          )
        }
        onSubmit={async (values, form) => {
          setError(null);
          setStale(false);
          try {
            const body = { inventoryItem: toUpdateInput(values, tenant.currency.currencyCode, locale, item.version) };
            const { inventoryItem } = await update.mutateAsync({ path, body });
            queryClient.setQueryData(getInventoryItemQueryKey({ path }), { inventoryItem });
            await invalidateList();
            form.reset(inventoryFormFromItem(inventoryItem));
            notifications.show({
              color: 'green',
              title: intl.formatMessage({ id: 'inventory.saved.title', defaultMessage: 'Product saved' }),
              message: inventoryItem.name,
            });
          } catch (failure) {
            if (isStaleVersion(failure)) setStale(true);
            else if (!applyServerErrors(failure, form, intl)) setError(failure);
          }
        }}
      />

      <AdjustStockModal item={item} opened={adjusting} onClose={() => setAdjusting(false)} />
      <ConfirmDeleteModal
        opened={confirmDelete}
        onClose={() => setConfirmDelete(false)}
        title={intl.formatMessage({ id: 'inventory.delete.title', defaultMessage: 'Delete this product?' })}
        error={remove.error}
        errorMessages={{ forbidden: intl.formatMessage(inventoryMessages.forbidden) }}

        pending={remove.isPending}
        onConfirm={() =>
          remove.mutate(
            { path },
            {
              onSuccess: async () => {
                queryClient.removeQueries({ queryKey: getInventoryItemQueryKey({ path }) });
                await invalidateList();
                await navigate({ to: '/{-$locale}/inventory', params: { locale: localeParam(locale) } });
              },
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
      </ConfirmDeleteModal>
    </Stack>
  );
}
