import { Box, Card, Select, SimpleGrid, Textarea, TextInput } from '@mantine/core';
import { type ReactNode } from 'react';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { FormattedMessage, useIntl } from 'react-intl';
import { FormFrame } from '~/components/form-frame';
import { ImageAssetField } from '~/components/image-asset-field';
import { NumberField, PercentField } from '~/components/number-field';
import { SwitchField } from '~/components/switch-field';
import { useZodForm } from '~/lib/use-zod-form';
import { UNITS, unitNames } from '../messages';
import { inventoryFormSchema, inventoryIssueMessages, type InventoryFormInput, type InventoryFormValues } from '../schemas/inventory-form-schema';

export type InventoryForm = UseFormReturn<InventoryFormInput, unknown, InventoryFormValues>;

/** The product form's fields and save button; the page decides what saving does. */
export function InventoryItemForm({
  tenantId,
  defaultValues,
  withQuantity,
  currencySymbol,
  onSubmit,
  alert,
  readOnly = false,
}: {
  /** The business the product photo is uploaded to. */
  tenantId: string;
  defaultValues: InventoryFormInput;
  /** Only a new product takes an opening stock; afterwards stock moves through adjustments. */
  withQuantity: boolean;
  currencySymbol: string;
  onSubmit: (values: InventoryFormValues, form: InventoryForm) => Promise<void>;
  alert?: ReactNode;
  /** Shown but not editable (a member: only owners and administrators change products). */
  readOnly?: boolean;
}) {
  const intl = useIntl();
  const form = useZodForm(inventoryFormSchema, inventoryIssueMessages, { defaultValues });
  const { errors } = form.formState;
  const unitData = UNITS.map((value) => ({ value, label: intl.formatMessage(unitNames[value]) }));

  const numberField = (name: 'quantity' | 'minQuantity', props: { label: string; description?: string; decimalScale: number }) => (
    <NumberField control={form.control} name={name} min={0} allowNegative={false} error={errors[name]?.message} {...props} />
  );

  return (
    <FormFrame
      form={form}
      onSubmit={onSubmit}
      readOnly={readOnly}
      alert={alert}
      invalidMessage={<FormattedMessage id="inventory.form.invalid" defaultMessage="Some fields need your attention; they are marked in red." />}
      submitLabel={<FormattedMessage id="inventory.form.save" defaultMessage="Save" />}
    >
      <Card withBorder radius="lg" padding="lg">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={intl.formatMessage({ id: 'inventory.form.name', defaultMessage: 'Name' })}
            required
            maxLength={120}
            error={errors.name?.message}
            {...form.register('name')}
          />
          <TextInput label={intl.formatMessage({ id: 'inventory.form.sku', defaultMessage: 'SKU' })} maxLength={64} error={errors.sku?.message} {...form.register('sku')} />
          <TextInput label={intl.formatMessage({ id: 'inventory.form.barcode', defaultMessage: 'Barcode' })} maxLength={64} error={errors.barcode?.message} {...form.register('barcode')} />
          <TextInput label={intl.formatMessage({ id: 'inventory.form.category', defaultMessage: 'Category' })} maxLength={80} error={errors.category?.message} {...form.register('category')} />
          <Controller
            control={form.control}
            name="unit"
            render={({ field }) => (
              <Select
                label={intl.formatMessage({ id: 'inventory.form.unit', defaultMessage: 'Unit' })}
                data={unitData}
                allowDeselect={false}
                value={field.value}
                onChange={(value) => value && field.onChange(value)}
                onBlur={field.onBlur}
                error={errors.unit?.message}
              />
            )}
          />
          {withQuantity
            ? numberField('quantity', {
                label: intl.formatMessage({ id: 'inventory.form.quantity', defaultMessage: 'Stock on hand' }),
                description: intl.formatMessage({ id: 'inventory.form.quantity.description', defaultMessage: 'Later changes go through stock adjustments.' }),
                decimalScale: 3,
              })
            : null}
          {numberField('minQuantity', {
            label: intl.formatMessage({ id: 'inventory.form.minQuantity', defaultMessage: 'Low-stock threshold' }),
            description: intl.formatMessage({ id: 'inventory.form.minQuantity.description', defaultMessage: 'Warn when the stock is at or below this. Leave empty for no warning.' }),
            decimalScale: 3,
          })}
          <TextInput
            label={intl.formatMessage({ id: 'inventory.form.cost', defaultMessage: 'Cost per unit' })}
            description={intl.formatMessage({ id: 'inventory.form.cost.description', defaultMessage: 'What you pay, tax excluded.' })}
            inputMode="decimal"
            leftSection={currencySymbol}
            error={errors.cost?.message}
            {...form.register('cost')}
          />
          <TextInput
            label={intl.formatMessage({ id: 'inventory.form.price', defaultMessage: 'Sale price' })}
            description={intl.formatMessage({ id: 'inventory.form.price.description', defaultMessage: 'What the customer pays, tax included.' })}
            inputMode="decimal"
            leftSection={currencySymbol}
            error={errors.price?.message}
            {...form.register('price')}
          />
          <PercentField control={form.control} name="taxPercentage" label={intl.formatMessage({ id: 'inventory.form.tax', defaultMessage: 'Tax (%)' })} error={errors.taxPercentage?.message} />
          <TextInput label={intl.formatMessage({ id: 'inventory.form.supplier', defaultMessage: 'Supplier' })} maxLength={200} error={errors.supplier?.message} {...form.register('supplier')} />
        </SimpleGrid>
        <Textarea
          mt="md"
          label={intl.formatMessage({ id: 'inventory.form.description', defaultMessage: 'Description' })}
          autosize
          minRows={2}
          maxLength={1000}
          error={errors.description?.message}
          {...form.register('description')}
        />
        <SwitchField
          control={form.control}
          name="active"
          mt="md"
          label={intl.formatMessage({ id: 'inventory.form.active', defaultMessage: 'Active (offered for sale)' })}
        />
        <Box mt="md">
          <ImageAssetField
            control={form.control}
            name="imageAssetId"
            tenantId={tenantId}
            readOnly={readOnly}
            label={intl.formatMessage({ id: 'inventory.form.photo', defaultMessage: 'Photo (optional)' })}
            description={intl.formatMessage({ id: 'inventory.form.photo.description', defaultMessage: 'Helps you and your team recognise the product. JPEG, PNG or WebP.' })}
            imageAlt={intl.formatMessage({ id: 'inventory.form.photo.alt', defaultMessage: 'Photo of the product' })}
          />
        </Box>
      </Card>
    </FormFrame>
  );
}
