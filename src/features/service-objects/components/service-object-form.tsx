import { ActionIcon, Button, Card, Group, SimpleGrid, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { type ReactNode } from 'react';
import { useFieldArray, useWatch, type UseFormReturn } from 'react-hook-form';
import { FormattedMessage, useIntl } from 'react-intl';
import { useImageUpload } from '~/lib/use-image-upload';
import { ImageUploader } from '~/components/image-uploader';
import { useZodForm } from '~/lib/use-zod-form';
import { FormFrame } from '~/components/form-frame';
import {
  MAX_ATTRIBUTES,
  MAX_PHOTOS,
  serviceObjectFormSchema,
  serviceObjectIssueMessages,
  type ServiceObjectFormInput,
  type ServiceObjectFormValues,
} from '../schemas/service-object-form-schema';
import { AssetThumbnail } from './asset-thumbnail';

export type ServiceObjectForm = UseFormReturn<ServiceObjectFormInput, unknown, ServiceObjectFormValues>;

/** The fields of a service object: what it is, free attributes (key/value) and photos. */
export function ServiceObjectFormFields({
  tenantId,
  defaultValues,
  submitLabel,
  alert,
  onSubmit,
}: {
  tenantId: string;
  defaultValues: ServiceObjectFormInput;
  submitLabel: ReactNode;
  alert?: ReactNode;
  onSubmit: (values: ServiceObjectFormValues, form: ServiceObjectForm) => Promise<void>;
}) {
  const intl = useIntl();
  const form: ServiceObjectForm = useZodForm(serviceObjectFormSchema, serviceObjectIssueMessages, { defaultValues });
  const { errors, isSubmitting } = form.formState;
  const attributes = useFieldArray({ control: form.control, name: 'attributes' });
  const photos = useFieldArray({ control: form.control, name: 'photos' });
  const uploadImage = useImageUpload(tenantId);
  const objectName = useWatch({ control: form.control, name: 'name' });

  return (
    <FormFrame
      form={form}
      onSubmit={onSubmit}
      alert={alert}
      invalidMessage={<FormattedMessage id="serviceObjects.form.invalid" defaultMessage="Some fields need your attention; they are marked in red." />}
      submitLabel={submitLabel}
    >
      <Card withBorder radius="lg" padding="lg" component="section">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={intl.formatMessage({ id: 'serviceObjects.form.name', defaultMessage: 'Name' })}
            description={intl.formatMessage({ id: 'serviceObjects.form.name.description', defaultMessage: 'How you call it, e.g. "White Seat León" or "Toby".' })}
            required
            maxLength={100}
            error={errors.name?.message}
            {...form.register('name')}
          />
          <TextInput
            label={intl.formatMessage({ id: 'serviceObjects.form.kind', defaultMessage: 'Type' })}
            description={intl.formatMessage({ id: 'serviceObjects.form.kind.description', defaultMessage: 'E.g. car, dog, phone, coat.' })}
            maxLength={60}
            error={errors.kind?.message}
            {...form.register('kind')}
          />
          <TextInput
            label={intl.formatMessage({ id: 'serviceObjects.form.brand', defaultMessage: 'Brand' })}
            maxLength={100}
            error={errors.brand?.message}
            {...form.register('brand')}
          />
          <TextInput
            label={intl.formatMessage({ id: 'serviceObjects.form.model', defaultMessage: 'Model' })}
            maxLength={100}
            error={errors.model?.message}
            {...form.register('model')}
          />
          <TextInput
            label={intl.formatMessage({ id: 'serviceObjects.form.identifier', defaultMessage: 'Identifier' })}
            description={intl.formatMessage({ id: 'serviceObjects.form.identifier.description', defaultMessage: 'Plate, chip, serial number or IMEI.' })}
            maxLength={100}
            error={errors.identifier?.message}
            {...form.register('identifier')}
          />
        </SimpleGrid>
        <Textarea
          mt="md"
          label={intl.formatMessage({ id: 'serviceObjects.form.notes', defaultMessage: 'Notes' })}
          autosize
          minRows={2}
          maxLength={2000}
          error={errors.notes?.message}
          {...form.register('notes')}
        />
      </Card>

      <Card withBorder radius="lg" padding="lg" component="section">
        <Stack gap="sm">
          <Stack gap={2}>
            <Title order={2} size="h4">
              <FormattedMessage id="serviceObjects.form.attributes" defaultMessage="Attributes" />
            </Title>
            <Text size="sm" c="dimmed">
              <FormattedMessage id="serviceObjects.form.attributes.description" defaultMessage="Anything else worth noting, e.g. Mileage: 84,000 km or Breed: Schnauzer." />
            </Text>
          </Stack>
          {attributes.fields.map((field, index) => (
            <Group key={field.id} align="flex-start" wrap="nowrap">
              <TextInput
                style={{ flex: 1 }}
                label={intl.formatMessage({ id: 'serviceObjects.form.attribute.key', defaultMessage: 'Attribute' })}
                maxLength={60}
                error={errors.attributes?.[index]?.key?.message}
                {...form.register(`attributes.${index}.key`)}
              />
              <TextInput
                style={{ flex: 2 }}
                label={intl.formatMessage({ id: 'serviceObjects.form.attribute.value', defaultMessage: 'Value' })}
                maxLength={500}
                error={errors.attributes?.[index]?.value?.message}
                {...form.register(`attributes.${index}.value`)}
              />
              <ActionIcon
                mt={26}
                variant="subtle"
                color="red"
                size="lg"
                onClick={() => attributes.remove(index)}
                aria-label={intl.formatMessage({ id: 'serviceObjects.form.attribute.remove', defaultMessage: 'Remove attribute {number}' }, { number: index + 1 })}
              >
                <IconTrash size={16} aria-hidden />
              </ActionIcon>
            </Group>
          ))}
          <Group>
            <Button
              variant="default"
              leftSection={<IconPlus size={16} aria-hidden />}
              disabled={attributes.fields.length >= MAX_ATTRIBUTES}
              onClick={() => attributes.append({ key: '', value: '' })}
            >
              <FormattedMessage id="serviceObjects.form.attribute.add" defaultMessage="Add attribute" />
            </Button>
          </Group>
        </Stack>
      </Card>

      <Card withBorder radius="lg" padding="lg" component="section">
        <Stack gap="sm">
          <Title order={2} size="h4">
            <FormattedMessage id="serviceObjects.form.photos" defaultMessage="Photos" />
          </Title>
          {photos.fields.length > 0 ? (
            <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }}>
              {photos.fields.map((field, index) => (
                <Stack key={field.id} gap={6} data-testid="service-object-photo">
                  <AssetThumbnail
                    tenantId={tenantId}
                    assetId={field.assetId}
                    size={160}
                    alt={intl.formatMessage({ id: 'serviceObjects.photo.alt', defaultMessage: 'Photo of {name}' }, { name: objectName || '…' })}
                  />
                  <Group align="flex-start" wrap="nowrap" gap="xs">
                    <TextInput
                      style={{ flex: 1 }}
                      size="xs"
                      label={intl.formatMessage({ id: 'serviceObjects.form.photo.caption', defaultMessage: 'Caption of photo {number}' }, { number: index + 1 })}
                      maxLength={200}
                      error={errors.photos?.[index]?.caption?.message ?? errors.photos?.[index]?.assetId?.message}
                      {...form.register(`photos.${index}.caption`)}
                    />
                    <ActionIcon
                      mt={22}
                      variant="subtle"
                      color="red"
                      onClick={() => photos.remove(index)}
                      aria-label={intl.formatMessage({ id: 'serviceObjects.form.photo.remove', defaultMessage: 'Remove photo {number}' }, { number: index + 1 })}
                    >
                      <IconTrash size={16} aria-hidden />
                    </ActionIcon>
                  </Group>
                </Stack>
              ))}
            </SimpleGrid>
          ) : null}
          <ImageUploader
            label={intl.formatMessage({ id: 'serviceObjects.form.photo.add.label', defaultMessage: 'Add a photo' })}
            showPreview={false}
            buttonLabel={<FormattedMessage id="serviceObjects.form.photo.add" defaultMessage="Upload photo" />}
            disabled={photos.fields.length >= MAX_PHOTOS || isSubmitting}
            upload={async (file, onProgress) => {
              const asset = await uploadImage(file, onProgress);
              photos.append({ assetId: asset.id, caption: '' }, { shouldFocus: false });
            }}
          />
        </Stack>
      </Card>
    </FormFrame>
  );
}
