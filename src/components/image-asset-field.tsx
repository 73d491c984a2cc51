import { Stack, Text } from '@mantine/core';
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { useAssetImage } from '~/lib/use-asset-image';
import { useImageUpload } from '~/lib/use-image-upload';
import { ImageUploader, type ImageUploaderProps } from './image-uploader';

/**
 * A record's optional picture as a form field holding an asset id (a service's picture, a product's
 * photo): uploading sets the field, removing clears it, the field's error shows below. The record
 * keeps the image when the form is saved.
 */
export function ImageAssetField<Input extends FieldValues, Output>({
  control,
  name,
  tenantId,
  readOnly,
  label,
  description,
  imageAlt,
}: Pick<ImageUploaderProps, 'label' | 'description' | 'imageAlt'> & {
  control: Control<Input, unknown, Output>;
  name: FieldPath<Input>;
  tenantId: string;
  readOnly: boolean;
}) {
  const { field, fieldState, formState } = useController({ control, name });
  const uploadImage = useImageUpload(tenantId);
  const assetId = (field.value as string | null | undefined) ?? undefined;
  const image = useAssetImage(tenantId, assetId);
  return (
    <Stack gap="xs">
      <ImageUploader
        label={label}
        description={description}
        imageUrl={image.url}
        imageLoading={image.isLoading}
        imageAlt={imageAlt}
        disabled={readOnly || formState.isSubmitting}
        upload={async (file, onProgress) => field.onChange((await uploadImage(file, onProgress)).id)}
        {...(readOnly || !assetId ? {} : { onRemove: () => field.onChange(null) })}
      />
      {fieldState.error?.message ? (
        <Text c="red" size="sm">
          {fieldState.error.message}
        </Text>
      ) : null}
    </Stack>
  );
}
