import { Checkbox, Select, SimpleGrid, Stack, TagsInput, Textarea, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo, type ReactNode } from 'react';
import { Controller, useWatch, type UseFormReturn } from 'react-hook-form';
import { useIntl, type IntlShape } from 'react-intl';
import * as z from 'zod';
import { listServicesOptions } from '@generated/@tanstack/react-query.gen';
import type { PortfolioItem, PortfolioItemInput, PortfolioItemUpdate } from '@generated/types.gen';
import { FormFrame } from '~/components/form-frame';
import { ImageAssetField } from '~/components/image-asset-field';
import { SwitchField } from '~/components/switch-field';
import type { FieldIssueMessages } from '~/lib/form-issues';
import { applyProblemFieldErrors } from '~/lib/problem-form-errors';
import { useZodForm } from '~/lib/use-zod-form';
import { portfolioMessages as m } from '../messages';
import { CustomerPicker } from '~/entities/customer/customer-picker';

/**
 * The portfolio item's form (the "Add photos" dialog and the item's page): the after photo (required)
 * and the before photo, title, caption, tags, service, an optional customer with their consent, featured.
 * A customer's photos need the consent box ticked when the customer is new to the item.
 */
/** The contract's PortfolioTags: at most 20 tags of at most 40 characters. */
const MAX_TAGS = 20;
const MAX_TAG_LENGTH = 40;

/** Tags as the server stores them (trimmed, lower case, each once), so the field shows what is saved. */
export const normaliseTags = (tags: readonly string[]) => [...new Set(tags.map((tag) => tag.trim().toLowerCase()).filter(Boolean))];

function schemaFor(savedCustomerId: string | null) {
  return z
    .object({
      imageAssetId: z.string().nullable(),
      beforeImageAssetId: z.string().nullable(),
      title: z.string().trim().min(1).max(120),
      description: z.string().trim().max(2000),
      tags: z.array(z.string().min(1).max(MAX_TAG_LENGTH)).max(MAX_TAGS),
      serviceId: z.string().nullable(),
      customerId: z.string().nullable(),
      consent: z.boolean(),
      featured: z.boolean(),
    })
    .superRefine((v, ctx) => {
      if (!v.imageAssetId) ctx.addIssue({ code: 'custom', path: ['imageAssetId'], params: { reason: 'required' } });
      if (v.customerId && v.customerId !== savedCustomerId && !v.consent) ctx.addIssue({ code: 'custom', path: ['consent'], params: { reason: 'required' } });
    });
}

type Schema = ReturnType<typeof schemaFor>;
export type PortfolioFormInput = z.input<Schema>;
export type PortfolioFormValues = z.output<Schema>;
export type PortfolioForm = UseFormReturn<PortfolioFormInput, unknown, PortfolioFormValues>;

const issueMessages: FieldIssueMessages = {
  imageAssetId: m.afterRequired,
  title: { required: m.titleRequired },
  tags: m.tagsInvalid,
  'tags.*': m.tagsInvalid,
  consent: m.consentRequired,
};

export function newPortfolioForm(): PortfolioFormInput {
  return { imageAssetId: null, beforeImageAssetId: null, title: '', description: '', tags: [], serviceId: null, customerId: null, consent: false, featured: false };
}

export function portfolioFormFrom(item: PortfolioItem): PortfolioFormInput {
  return {
    imageAssetId: item.imageAssetId,
    beforeImageAssetId: item.beforeImageAssetId ?? null,
    title: item.title,
    description: item.description ?? '',
    tags: [...item.tags],
    serviceId: item.serviceId ?? null,
    customerId: item.customerId ?? null,
    consent: false,
    featured: item.featured,
  };
}

function fieldsOf(v: PortfolioFormValues) {
  return {
    title: v.title,
    ...(v.description ? { description: v.description } : {}),
    imageAssetId: v.imageAssetId!,
    ...(v.beforeImageAssetId ? { beforeImageAssetId: v.beforeImageAssetId } : {}),
    tags: normaliseTags(v.tags),
    featured: v.featured,
    ...(v.serviceId ? { serviceId: v.serviceId } : {}),
    ...(v.customerId ? { customerId: v.customerId } : {}),
  };
}

export const toPortfolioInput = (v: PortfolioFormValues): PortfolioItemInput => ({ ...fieldsOf(v), ...(v.customerId ? { customerConsent: true } : {}) });

/** The update sends the form's tags; a customer new to the item comes with their consent. */
export function toPortfolioUpdate(v: PortfolioFormValues, item: PortfolioItem, extra: { customerConsent?: boolean } = {}): PortfolioItemUpdate {
  const newCustomer = v.customerId && v.customerId !== (item.customerId ?? null);
  return { ...fieldsOf(v), ...(newCustomer ? { customerConsent: true } : {}), ...extra, version: item.version };
}

/** The item exactly as it is, with its consent recorded (true) or revoked (false): the consent card's save. */
export function consentUpdate(item: PortfolioItem, customerConsent: boolean): PortfolioItemUpdate {
  return { ...toPortfolioUpdate(portfolioFormFrom(item) as PortfolioFormValues, item), customerConsent };
}

const KNOWN = ['imageAssetId', 'beforeImageAssetId', 'title', 'description', 'tags', 'serviceId', 'customerId', 'consent'] as const;

/** A failed save's field errors next to their fields, translated; true when there were any. */
export function applyPortfolioServerErrors(error: unknown, form: PortfolioForm, intl: IntlShape): boolean {
  return applyProblemFieldErrors(error, form, intl, {
    wrapper: 'portfolioItem',
    fieldMap: { customerConsent: 'consent' },
    known: KNOWN,
    codeMessages: {
      blank: m.titleRequired,
      consent_required: m.consentRequired,
      unknown_service: m.unknownService,
      unknown_customer: m.unknownCustomer,
      unknown_asset: m.unknownImage,
      not_an_image: m.unknownImage,
    },
  });
}

export function PortfolioFormFields({
  tenantId,
  defaultValues,
  savedCustomerId = null,
  customerName,
  onSubmit,
  alert,
  submitLabel,
}: {
  tenantId: string;
  defaultValues: PortfolioFormInput;
  /** The item's customer as saved (their consent is already on record or managed by the consent card). */
  savedCustomerId?: string | null;
  customerName?: string | undefined;
  onSubmit: (values: PortfolioFormValues, form: PortfolioForm) => Promise<void>;
  alert?: ReactNode;
  submitLabel: ReactNode;
}) {
  const intl = useIntl();
  const schema = useMemo(() => schemaFor(savedCustomerId), [savedCustomerId]);
  const form: PortfolioForm = useZodForm(schema, issueMessages, { defaultValues });
  const { errors } = form.formState;
  const customerId = useWatch({ control: form.control, name: 'customerId' });
  const title = useWatch({ control: form.control, name: 'title' });
  const services = useQuery({ ...listServicesOptions({ path: { tenantId }, query: { limit: 200 } }), staleTime: 60_000 });
  const serviceOptions = (services.data?.items ?? []).map((service) => ({ value: service.id, label: service.name }));
  const askConsent = Boolean(customerId) && customerId !== savedCustomerId;

  return (
    <FormFrame form={form} onSubmit={onSubmit} alert={alert} invalidMessage={intl.formatMessage(m.invalid)} submitLabel={submitLabel}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <ImageAssetField
          control={form.control}
          name="beforeImageAssetId"
          tenantId={tenantId}
          readOnly={false}
          label={intl.formatMessage(m.beforePhoto)}
          description={intl.formatMessage(m.beforePhotoHint)}
          imageAlt={intl.formatMessage(m.beforeAlt, { title: title || intl.formatMessage(m.title) })}
        />
        <ImageAssetField
          control={form.control}
          name="imageAssetId"
          tenantId={tenantId}
          readOnly={false}
          label={intl.formatMessage(m.afterPhoto)}
          description={intl.formatMessage(m.afterPhotoHint)}
          imageAlt={intl.formatMessage(m.afterAlt, { title: title || intl.formatMessage(m.title) })}
        />
      </SimpleGrid>
      <TextInput
        label={intl.formatMessage(m.titleLabel)}
        placeholder={intl.formatMessage(m.titlePlaceholder)}
        withAsterisk
        maxLength={120}
        {...form.register('title')}
        error={errors.title?.message}
      />
      <Textarea label={intl.formatMessage(m.caption)} autosize minRows={2} maxLength={2000} {...form.register('description')} error={errors.description?.message} />
      <Controller
        control={form.control}
        name="tags"
        render={({ field }) => (
          <TagsInput
            label={intl.formatMessage(m.tags)}
            description={intl.formatMessage(m.tagsHint, { max: MAX_TAGS })}
            placeholder={intl.formatMessage(m.tagsPlaceholder)}
            value={field.value}
            onChange={(next) => field.onChange(normaliseTags(next))}
            onBlur={field.onBlur}
            splitChars={[',']}
            acceptValueOnBlur
            clearable
            maxTags={MAX_TAGS}
            maxLength={MAX_TAG_LENGTH}
            error={errors.tags?.message ?? errors.tags?.[0]?.message}
          />
        )}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Controller
          control={form.control}
          name="serviceId"
          render={({ field }) => (
            <Select
              label={intl.formatMessage(m.service)}
              placeholder={intl.formatMessage(m.servicePlaceholder)}
              data={serviceOptions}
              searchable
              clearable
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={errors.serviceId?.message}
            />
          )}
        />
        <Controller
          control={form.control}
          name="customerId"
          render={({ field }) => (
            <CustomerPicker
              tenantId={tenantId}
              label={intl.formatMessage(m.customer)}
              description={intl.formatMessage(m.customerHint)}
              value={field.value}
              knownName={field.value && field.value === savedCustomerId ? customerName : undefined}
              onChange={(next) => {
                field.onChange(next);
                if (!next) form.setValue('consent', false);
              }}
              error={errors.customerId?.message}
            />
          )}
        />
      </SimpleGrid>
      {askConsent ? (
        <Controller
          control={form.control}
          name="consent"
          render={({ field }) => (
            <Checkbox
              label={intl.formatMessage(m.consent)}
              description={intl.formatMessage(m.consentHint)}
              checked={field.value}
              onChange={(event) => field.onChange(event.currentTarget.checked)}
              onBlur={field.onBlur}
              error={errors.consent?.message}
            />
          )}
        />
      ) : null}
      <Stack gap={0}>
        <SwitchField control={form.control} name="featured" label={intl.formatMessage(m.featuredLabel)} />
      </Stack>
    </FormFrame>
  );
}
