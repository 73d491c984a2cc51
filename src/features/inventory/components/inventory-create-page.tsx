import { Stack, Text } from '@mantine/core';
import { FormattedMessage, useIntl } from 'react-intl';
import { createInventoryItemMutation, listInventoryItemsQueryKey } from '@generated/@tanstack/react-query.gen';
import type { Tenant } from '@generated/types.gen';
import { useCanManageCatalogue } from '~/entities/session/use-can-manage-catalogue';
import { useLocale } from '~/lib/use-locale';
import { SaveAlert } from '~/components/save-alert';
import { AnchorLink } from '~/components/anchor-link';
import { useSaveState } from '~/lib/use-save-state';
import { RoleGate } from '~/components/role-gate';
import { PageHeader } from '~/components/page-header';
import { useRecordCreator } from '~/components/record-editor';
import { inventoryMessages } from '../messages';
import { emptyInventoryForm, toCreateInput } from '../schemas/inventory-form-schema';
import { applyServerErrors } from './apply-server-errors';
import { InventoryItemForm, type InventoryForm } from './inventory-form';

/** /inventory/create: a new product with its opening stock. */
export function InventoryCreatePage({ tenant }: { tenant: Tenant }) {
  const intl = useIntl();
  const locale = useLocale();
  const canManage = useCanManageCatalogue(tenant);
  const creator = useRecordCreator({
    path: { tenantId: tenant.id },
    create: createInventoryItemMutation(),
    listKey: listInventoryItemsQueryKey({ path: { tenantId: tenant.id } }),
    name: ({ inventoryItem }) => inventoryItem.name,
    texts: inventoryMessages,
    // The new product's page, where its stock is adjusted.
    next: ({ inventoryItem }) => ({ to: '/{-$locale}/inventory/$id', params: { id: inventoryItem.id } }),
  });
  const save = useSaveState<InventoryForm>({ applyServerErrors: (failure, form) => applyServerErrors(failure, form, intl, tenant.currency.currencyCode) });

  return (
    <Stack gap="lg" maw={960}>
      <PageHeader
        back={
          <AnchorLink size="sm" to="/{-$locale}/inventory">
            <FormattedMessage id="inventory.back" defaultMessage="← Inventory" />
          </AnchorLink>
        }
        title={<FormattedMessage id="inventory.create.title" defaultMessage="New product" />}
        subtitle={
          <Text c="dimmed">
            <FormattedMessage id="inventory.create.intro" defaultMessage="What you sell or use, its prices and how much you have." />
          </Text>
        }
      />
      <RoleGate allowed={canManage} message={inventoryMessages.forbidden}>
        <InventoryItemForm
          tenantId={tenant.id}
          defaultValues={emptyInventoryForm(tenant.taxPercentage)}
          withQuantity
          currencySymbol={tenant.currencySymbol}
          alert={<SaveAlert state={save} texts={{ forbidden: inventoryMessages.forbidden }} />}
          onSubmit={save.submit(creator.submit((values) => ({ inventoryItem: toCreateInput(values, tenant.currency.currencyCode, locale) })))}
        />
      </RoleGate>
    </Stack>
  );
}
