import { Alert, Anchor, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { createInventoryItemMutation, listInventoryItemsQueryKey } from '@generated/@tanstack/react-query.gen';
import type { Tenant } from '@generated/types.gen';
import { useCanManageCatalogue } from '~/app/session/use-can-manage-catalogue';
import { useLocale } from '~/app/use-locale';
import { ApiErrorAlert } from '~/components/api-error-alert';
import { PageLoader } from '~/components/page-loader';
import { localeParam } from '~/lib/locale';
import { useIdempotencyKey } from '~/lib/use-idempotency-key';
import { inventoryMessages } from '../messages';
import { emptyInventoryForm, toCreateInput } from '../schemas/inventory-form-schema';
import { applyServerErrors } from './apply-server-errors';
import { InventoryItemForm } from './inventory-form';

/** /inventory/create: a new product with its opening stock. */
export function InventoryCreatePage({ tenant }: { tenant: Tenant }) {
  const intl = useIntl();
  const locale = useLocale();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const canManage = useCanManageCatalogue(tenant);
  const create = useMutation(createInventoryItemMutation());
  const idempotency = useIdempotencyKey();
  const [error, setError] = useState<unknown>(null);

  return (
    <Stack gap="lg" maw={960}>
      <Stack gap={4}>
        <Anchor size="sm" renderRoot={(props) => <Link {...props} to="/{-$locale}/inventory" params={{ locale: localeParam(locale) }} />}>
          <FormattedMessage id="inventory.back" defaultMessage="← Inventory" />
        </Anchor>
        <Title order={1}>
          <FormattedMessage id="inventory.create.title" defaultMessage="New product" />
        </Title>
        <Text c="dimmed">
          <FormattedMessage id="inventory.create.intro" defaultMessage="What you sell or use, its prices and how much you have." />
        </Text>
      </Stack>
      {canManage === undefined ? <PageLoader /> : null}
      {canManage === false ? (
        <Alert color="orange" variant="light" role="alert">
          {intl.formatMessage(inventoryMessages.forbidden)}
        </Alert>
      ) : null}
      {canManage ? (
        <InventoryItemForm
          defaultValues={emptyInventoryForm(tenant.taxPercentage)}
          withQuantity
          currencySymbol={tenant.currencySymbol}
          alert={<ApiErrorAlert error={error} messages={{ forbidden: intl.formatMessage(inventoryMessages.forbidden) }} />}
          onSubmit={async (values, form) => {
            setError(null);
            try {
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
            } catch (failure) {
              if (!applyServerErrors(failure, form, intl)) setError(failure);
            }
          }}
        />
      ) : null}
    </Stack>
  );
}
