import { Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { FormattedMessage, useIntl } from 'react-intl';
import { createInventoryItemMutation, listInventoryItemsQueryKey } from '@generated/@tanstack/react-query.gen';
import type { Tenant } from '@generated/types.gen';
import { useCanManageCatalogue } from '~/entities/session/use-can-manage-catalogue';
import { useLocale } from '~/lib/use-locale';
import { localeParam } from '~/lib/locale';
import { useIdempotencyKey } from '~/lib/use-idempotency-key';
import { SaveAlert } from '~/components/save-alert';
import { AnchorLink } from '~/components/anchor-link';
import { useSaveState } from '~/lib/use-save-state';
import { RoleGate } from '~/components/role-gate';
import { PageHeader } from '~/components/page-header';
import { inventoryMessages } from '../messages';
import { emptyInventoryForm, toCreateInput } from '../schemas/inventory-form-schema';
import { applyServerErrors } from './apply-server-errors';
import { InventoryItemForm, type InventoryForm } from './inventory-form';

/** /inventory/create: a new product with its opening stock. */
export function InventoryCreatePage({ tenant }: { tenant: Tenant }) {
  const intl = useIntl();
  const locale = useLocale();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const canManage = useCanManageCatalogue(tenant);
  const create = useMutation(createInventoryItemMutation());
  const idempotency = useIdempotencyKey();
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
          onSubmit={save.submit(async (values, form) => {
            const body = { inventoryItem: toCreateInput(values, tenant.currency.currencyCode, locale) };
            const { inventoryItem } = await create.mutateAsync({ path: { tenantId: tenant.id }, body, headers: { 'Idempotency-Key': idempotency.key() } });
            idempotency.renew();
            await queryClient.invalidateQueries({ queryKey: listInventoryItemsQueryKey({ path: { tenantId: tenant.id } }) });
            form.reset(values);
            notifications.show({
              color: 'green',
              title: intl.formatMessage({ id: 'inventory.created.title', defaultMessage: 'Product added' }),
              message: inventoryItem.name,
            });
            await navigate({ to: '/{-$locale}/inventory/$id', params: { locale: localeParam(locale), id: inventoryItem.id } });
          })}
        />
      </RoleGate>
    </Stack>
  );
}
