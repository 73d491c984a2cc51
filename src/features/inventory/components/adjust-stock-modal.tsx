import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Modal, NumberInput, SegmentedControl, Select, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { FormattedMessage, useIntl } from 'react-intl';
import {
  createInventoryAdjustmentMutation,
  getInventoryItemQueryKey,
  listInventoryItemsQueryKey,
  listInventoryMovementsQueryKey,
} from '@generated/@tanstack/react-query.gen';
import type { InventoryItem } from '@generated/types.gen';
import { ApiErrorAlert } from '~/components/api-error-alert';
import { asProblem } from '~/lib/api-problem';
import { issueErrorMap, type FieldIssueMessages } from '~/lib/form-issues';
import { useIdempotencyKey } from '~/lib/use-idempotency-key';
import { useQuantityFormat } from '../hooks/use-quantity-format';
import { ADJUSTMENT_REASONS, adjustQuantityMessages, inventoryMessages, reasonNames } from '../messages';
import { adjustmentSchema, DEFAULT_REASON, toAdjustmentBody, type AdjustmentInput, type AdjustmentMode, type AdjustmentValues } from '../schemas/adjustment-schema';

const QUANTITY_MESSAGES: FieldIssueMessages = {
  quantity: {
    required: adjustQuantityMessages.required,
    zero: adjustQuantityMessages.zero,
    decimals: inventoryMessages.tooManyDecimals,
    '*': adjustQuantityMessages.invalid,
  },
};

/** Adds, removes or sets the stock of a product with a reason; the server keeps it as a movement. */
export function AdjustStockModal({ item, opened, onClose }: { item: InventoryItem; opened: boolean; onClose: () => void }) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const formatQuantity = useQuantityFormat();
  const adjust = useMutation(createInventoryAdjustmentMutation());
  const idempotency = useIdempotencyKey();
  const [error, setError] = useState<unknown>(null);
  const resolver = useMemo(
    () => zodResolver(adjustmentSchema, { error: issueErrorMap((descriptor, values) => intl.formatMessage(descriptor, values), QUANTITY_MESSAGES) }),
    [intl],
  );
  const defaults: AdjustmentInput = { mode: 'add', quantity: '', reason: DEFAULT_REASON.add, note: '' };
  const form = useForm<AdjustmentInput, unknown, AdjustmentValues>({ resolver, defaultValues: defaults });
  const { errors, isSubmitting } = form.formState;
  const mode = useWatch({ control: form.control, name: 'mode' });

  const close = () => {
    setError(null);
    form.reset(defaults);
    onClose();
  };

  const onSubmit = async (values: AdjustmentValues) => {
    setError(null);
    try {
      const { inventoryItem } = await adjust.mutateAsync({
        path: { tenantId: item.tenantId, id: item.id },
        body: toAdjustmentBody(values),
        headers: { 'Idempotency-Key': idempotency.key() },
      });
      idempotency.renew();
      queryClient.setQueryData(getInventoryItemQueryKey({ path: { tenantId: item.tenantId, id: item.id } }), { inventoryItem });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: listInventoryMovementsQueryKey({ path: { tenantId: item.tenantId, id: item.id } }) }),
        queryClient.invalidateQueries({ queryKey: listInventoryItemsQueryKey({ path: { tenantId: item.tenantId } }) }),
      ]);
      notifications.show({
        color: 'green',
        title: intl.formatMessage({ id: 'inventory.adjust.done', defaultMessage: 'Stock updated' }),
        message: `${inventoryItem.name}: ${formatQuantity(inventoryItem.quantity, inventoryItem.unit)}`,
      });
      close();
    } catch (failure) {
      const problem = asProblem(failure);
      const field = problem?.errors?.[0];
      if (problem?.status === 422 && field && (field.field === '/delta' || field.field === '/newQuantity')) {
        form.setError('quantity', {
          message: intl.formatMessage(field.code === 'negative_stock' ? inventoryMessages.negativeStock : inventoryMessages.tooManyDecimals),
        });
      } else {
        setError(failure);
      }
    }
  };

  return (
    <Modal opened={opened} onClose={close} title={intl.formatMessage({ id: 'inventory.adjust.title', defaultMessage: 'Adjust stock' })} centered>
      <form onSubmit={form.handleSubmit(onSubmit)} noValidate>
        <Stack gap="md">
          <Text size="sm">
            <FormattedMessage
              id="inventory.adjust.current"
              defaultMessage="{name} has {quantity} in stock."
              values={{ name: item.name, quantity: formatQuantity(item.quantity, item.unit) }}
            />
          </Text>
          <Controller
            control={form.control}
            name="mode"
            render={({ field }) => (
              <SegmentedControl
                fullWidth
                aria-label={intl.formatMessage({ id: 'inventory.adjust.mode', defaultMessage: 'Kind of adjustment' })}
                value={field.value}
                onChange={(value) => {
                  field.onChange(value);
                  form.setValue('reason', DEFAULT_REASON[value as AdjustmentMode]);
                }}
                data={[
                  { value: 'add', label: intl.formatMessage({ id: 'inventory.adjust.mode.add', defaultMessage: 'Add' }) },
                  { value: 'remove', label: intl.formatMessage({ id: 'inventory.adjust.mode.remove', defaultMessage: 'Remove' }) },
                  { value: 'count', label: intl.formatMessage({ id: 'inventory.adjust.mode.count', defaultMessage: 'Set count' }) },
                ]}
              />
            )}
          />
          <Controller
            control={form.control}
            name="quantity"
            render={({ field }) => (
              <NumberInput
                data-autofocus
                label={
                  mode === 'count'
                    ? intl.formatMessage({ id: 'inventory.adjust.quantity.count', defaultMessage: 'Counted quantity' })
                    : mode === 'add'
                      ? intl.formatMessage({ id: 'inventory.adjust.quantity.add', defaultMessage: 'Quantity to add' })
                      : intl.formatMessage({ id: 'inventory.adjust.quantity.remove', defaultMessage: 'Quantity to remove' })
                }
                min={0}
                decimalScale={3}
                allowNegative={false}
                value={field.value}
                onChange={(value) => field.onChange(value === '' ? '' : typeof value === 'number' ? value : Number(value))}
                onBlur={field.onBlur}
                error={errors.quantity?.message}
              />
            )}
          />
          <Controller
            control={form.control}
            name="reason"
            render={({ field }) => (
              <Select
                label={intl.formatMessage({ id: 'inventory.adjust.reason', defaultMessage: 'Reason' })}
                allowDeselect={false}
                data={ADJUSTMENT_REASONS.map((value) => ({ value, label: intl.formatMessage(reasonNames[value]) }))}
                value={field.value}
                onChange={(value) => value && field.onChange(value)}
                onBlur={field.onBlur}
                error={errors.reason?.message}
              />
            )}
          />
          <Textarea label={intl.formatMessage({ id: 'inventory.adjust.note', defaultMessage: 'Note (optional)' })} autosize minRows={2} maxLength={500} error={errors.note?.message} {...form.register('note')} />
          <ApiErrorAlert error={error} messages={{ forbidden: intl.formatMessage(inventoryMessages.forbidden) }} />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              <FormattedMessage id="inventory.adjust.cancel" defaultMessage="Cancel" />
            </Button>
            <Button type="submit" loading={isSubmitting}>
              <FormattedMessage id="inventory.adjust.submit" defaultMessage="Save adjustment" />
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
