import { Card, ColorInput, MultiSelect, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo, type ReactNode } from 'react';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { FormattedMessage, useIntl } from 'react-intl';
import { listTeamMembersOptions } from '@generated/@tanstack/react-query.gen';
import { useLocale } from '~/lib/use-locale';
import { ImageAssetField } from '~/components/image-asset-field';
import { MoneyInput } from '~/components/money-input';
import { FormFrame } from '~/components/form-frame';
import { moneyMessageValues } from '~/lib/money-messages';
import { useZodForm } from '~/lib/use-zod-form';
import { SwitchField } from '~/components/switch-field';
import { NumberField, PercentField } from '~/components/number-field';
import { serviceFormSchema, serviceIssueMessages, type ServiceFormInput, type ServiceFormValues } from '../schemas/service-form-schema';

export type ServiceForm = UseFormReturn<ServiceFormInput, unknown, ServiceFormValues>;

const SWATCHES = ['#228be6', '#40c057', '#fab005', '#e64980', '#7950f2', '#15aabf', '#fd7e14', '#12b886', '#be4bdb', '#fa5252'];

/**
 * The fields of a service, for creating and editing. `onSubmit` gets the validated values and the
 * form (to put server errors next to fields); what was typed stays when a save fails.
 */
export function ServiceFormFields({
  tenantId,
  defaultValues,
  currencyCode,
  currencySymbol,
  taxName,
  onSubmit,
  alert,
  readOnly = false,
  submitLabel,
}: {
  tenantId: string;
  defaultValues: ServiceFormInput;
  currencyCode: string;
  currencySymbol?: string;
  /** The business's name for its tax (IVA, Sales tax); absent when it has none. */
  taxName?: string;
  onSubmit: (values: ServiceFormValues, form: ServiceForm) => Promise<void>;
  alert?: ReactNode;
  readOnly?: boolean;
  submitLabel: ReactNode;
}) {
  const intl = useIntl();
  const locale = useLocale();
  // The price's message shows an example and the bounds in the business's currency.
  const priceValues = useMemo(() => moneyMessageValues(currencyCode, locale), [currencyCode, locale]);
  const form: ServiceForm = useZodForm(serviceFormSchema, serviceIssueMessages, { defaultValues }, priceValues);
  const { errors } = form.formState;
  const minutes = intl.formatMessage({ id: 'services.form.minutes.suffix', defaultMessage: ' min' });
  const team = useQuery({ ...listTeamMembersOptions({ path: { tenantId }, query: { limit: 100 } }), staleTime: 60_000 });
  const teamData = (team.data?.items ?? []).map((member) => ({
    value: member.userId,
    label: [member.name, member.lastName].filter(Boolean).join(' ') || member.email,
  }));
  const taxLabel = taxName || intl.formatMessage({ id: 'services.form.priceMode.tax', defaultMessage: 'tax' });
  const pictureLabel = intl.formatMessage({ id: 'services.form.picture', defaultMessage: 'Picture (optional)' });

  return (
    <FormFrame
      form={form}
      onSubmit={onSubmit}
      readOnly={readOnly}
      alert={alert}
      invalidMessage={<FormattedMessage id="services.form.invalid" defaultMessage="Some fields need your attention; they are marked in red." />}
      submitLabel={submitLabel}
    >
      <Card withBorder radius="lg" padding="lg">
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={intl.formatMessage({ id: 'services.form.name', defaultMessage: 'Name' })}
              required
              maxLength={100}
              autoComplete="off"
              error={errors.name?.message}
              {...form.register('name')}
            />
            <TextInput
              label={intl.formatMessage({ id: 'services.form.category', defaultMessage: 'Category (optional)' })}
              description={intl.formatMessage({ id: 'services.form.category.description', defaultMessage: 'Groups services in lists, e.g. "Colour".' })}
              maxLength={60}
              autoComplete="off"
              error={errors.category?.message}
              {...form.register('category')}
            />
          </SimpleGrid>
          <Textarea
            label={intl.formatMessage({ id: 'services.form.description', defaultMessage: 'Description (optional)' })}
            autosize
            minRows={2}
            maxLength={1000}
            error={errors.description?.message}
            {...form.register('description')}
          />
        </Stack>
      </Card>

      <Card withBorder radius="lg" padding="lg">
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <NumberField
              control={form.control}
              name="durationMinutes"
              label={intl.formatMessage({ id: 'services.form.duration', defaultMessage: 'Duration' })}
              description={intl.formatMessage({ id: 'services.form.duration.description', defaultMessage: 'In minutes, in steps of 5.' })}
              required
              min={5}
              max={720}
              step={5}
              allowDecimal={false}
              allowNegative={false}
              suffix={minutes}
              error={errors.durationMinutes?.message}
            />
            <NumberField
              control={form.control}
              name="bufferMinutes"
              label={intl.formatMessage({ id: 'services.form.buffer', defaultMessage: 'Free time after it' })}
              description={intl.formatMessage({ id: 'services.form.buffer.description', defaultMessage: 'For cleaning or preparation, in steps of 5.' })}
              min={0}
              max={120}
              step={5}
              allowDecimal={false}
              allowNegative={false}
              suffix={minutes}
              error={errors.bufferMinutes?.message}
            />
            <Controller
              control={form.control}
              name="priceAmount"
              render={({ field }) => (
                <MoneyInput
                  label={intl.formatMessage({ id: 'services.form.price', defaultMessage: 'Price' })}
                  required
                  value={typeof field.value === 'number' ? field.value : null}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  currencyCode={currencyCode}
                  currencySymbol={currencySymbol}
                  locale={locale}
                  error={errors.priceAmount?.message}
                />
              )}
            />
            <PercentField
              control={form.control}
              name="taxPercentage"
              label={intl.formatMessage({ id: 'services.form.tax', defaultMessage: 'Tax rate' })}
              description={intl.formatMessage({ id: 'services.form.tax.description', defaultMessage: "Your business's rate unless this service has another." })}
              required
              error={errors.taxPercentage?.message}
            />
          </SimpleGrid>
          {/* The business's price mode, which the values carry (newServiceForm, serviceFormFromService). */}
          <Text size="sm" c="dimmed" data-testid="service-price-mode">
            {defaultValues.taxIncluded ? (
              <FormattedMessage
                id="services.form.priceMode.included"
                defaultMessage="The price is what the customer pays, {taxName} included. Your business's prices include tax: Settings › Billing."
                values={{ taxName: taxLabel }}
              />
            ) : (
              <FormattedMessage
                id="services.form.priceMode.added"
                defaultMessage="At the till, {taxName} is added on top of this price. Your business adds tax to its prices: Settings › Billing."
                values={{ taxName: taxLabel }}
              />
            )}
          </Text>
        </Stack>
      </Card>

      <Card withBorder radius="lg" padding="lg">
        <Stack gap="md">
          <Controller
            control={form.control}
            name="color"
            render={({ field }) => (
              <ColorInput
                maw={280}
                label={intl.formatMessage({ id: 'services.form.color', defaultMessage: 'Calendar colour' })}
                format="hex"
                swatches={SWATCHES}
                withEyeDropper={false}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                error={errors.color?.message}
              />
            )}
          />
          <SwitchField
            control={form.control}
            name="active"
            label={intl.formatMessage({ id: 'services.form.active', defaultMessage: 'Active' })}
            description={intl.formatMessage({ id: 'services.form.active.description', defaultMessage: 'Inactive services stay in your history but cannot be booked.' })}
          />
          <SwitchField
            control={form.control}
            name="onlineBookable"
            label={intl.formatMessage({ id: 'services.form.online', defaultMessage: 'Customers can book it online' })}
          />
        </Stack>
      </Card>

      <Card withBorder radius="lg" padding="lg">
        <Stack gap="md">
          <Controller
            control={form.control}
            name="userIds"
            render={({ field }) => (
              <MultiSelect
                label={intl.formatMessage({ id: 'services.form.team', defaultMessage: 'Performed by' })}
                description={intl.formatMessage({
                  id: 'services.form.team.description',
                  defaultMessage: 'Leave it empty when everyone on the team performs it.',
                })}
                placeholder={field.value.length === 0 ? intl.formatMessage({ id: 'services.form.team.everyone', defaultMessage: 'Everyone' }) : undefined}
                data={teamData}
                searchable
                clearable
                disabled={readOnly || !team.data}
                nothingFoundMessage={intl.formatMessage({ id: 'services.form.team.none', defaultMessage: 'Nobody on the team has this name' })}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                error={errors.userIds?.message ?? (team.isError ? intl.formatMessage({ id: 'services.form.team.loadError', defaultMessage: 'The team could not be loaded; the current choice is kept.' }) : undefined)}
              />
            )}
          />
          <ImageAssetField
            control={form.control}
            name="imageAssetId"
            tenantId={tenantId}
            readOnly={readOnly}
            label={pictureLabel}
            description={intl.formatMessage({ id: 'services.form.picture.description', defaultMessage: 'Shown with the service when customers book it. JPEG, PNG or WebP.' })}
            imageAlt={intl.formatMessage({ id: 'services.form.picture.alt', defaultMessage: 'Picture of the service' })}
          />
        </Stack>
      </Card>
    </FormFrame>
  );
}
