import { Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { removeAssetMutation, updateTenantMutation } from '@generated/@tanstack/react-query.gen';
import type { Tenant } from '@generated/types.gen';
import { useAssetImage } from '~/lib/use-asset-image';
import { useImageUpload } from '~/lib/use-image-upload';
import { refreshSession, setSession } from '~/entities/session/use-session';
import { ApiErrorAlert } from '~/components/api-error-alert';
import { ImageUploader } from '~/components/image-uploader';

type ImageField = 'logoAssetId' | 'coverAssetId';

/**
 * The business logo and cover: each saved as soon as it is uploaded or removed (PUT the tenant with
 * the new asset id), apart from the settings form. A replaced or removed image is deleted.
 */
export function BusinessImages({ tenant }: { tenant: Tenant }) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const uploadImage = useImageUpload(tenant.id);
  const updateTenant = useMutation(updateTenantMutation());
  const removeAsset = useMutation(removeAssetMutation());
  const [removing, setRemoving] = useState<ImageField | null>(null);
  const [error, setError] = useState<unknown>(null);
  const logo = useAssetImage(tenant.id, tenant.logoAssetId);
  const cover = useAssetImage(tenant.id, tenant.coverAssetId);

  const save = async (field: ImageField, assetId: string | null) => {
    const previous = tenant[field];
    const { tenant: saved } = await updateTenant.mutateAsync({ path: { tenantId: tenant.id }, body: { tenant: { [field]: assetId } } });
    setSession({ tenant: saved });
    await refreshSession(queryClient).catch((failure: unknown) => console.warn('session refresh after saving an image failed', failure));
    // The old image is referenced by nothing now.
    if (previous && previous !== assetId) removeAsset.mutate({ body: { asset: { id: previous, tenantId: tenant.id } } });
    notifications.show({ color: 'green', title: intl.formatMessage({ id: 'settings.images.saved', defaultMessage: 'Image saved' }), message: saved.businessName });
  };

  const uploader = (field: ImageField, image: ReturnType<typeof useAssetImage>, label: string, description: string) => (
    <ImageUploader
      label={label}
      description={description}
      imageUrl={image.url}
      imageLoading={image.isLoading}
      imageAlt={label}
      previewSize={field === 'logoAssetId' ? 96 : 120}
      upload={async (file, onProgress) => {
        setError(null);
        const asset = await uploadImage(file, onProgress);
        await save(field, asset.id);
      }}
      removing={removing === field}
      onRemove={() => {
        setError(null);
        setRemoving(field);
        save(field, null)
          .catch((failure: unknown) => setError(failure))
          .finally(() => setRemoving(null));
      }}
    />
  );

  return (
    <Card withBorder radius="lg" padding="lg" component="section">
      <Stack gap="md">
        <Stack gap={2}>
          <Title order={2} size="h4">
            <FormattedMessage id="settings.section.images" defaultMessage="Logo and cover" />
          </Title>
          <Text size="sm" c="dimmed">
            <FormattedMessage id="settings.section.images.description" defaultMessage="Saved as soon as you upload them. Large photos are resized for you." />
          </Text>
        </Stack>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {uploader(
            'logoAssetId',
            logo,
            intl.formatMessage({ id: 'settings.logo', defaultMessage: 'Logo' }),
            intl.formatMessage({ id: 'settings.logo.description', defaultMessage: 'A square image works best.' }),
          )}
          {uploader(
            'coverAssetId',
            cover,
            intl.formatMessage({ id: 'settings.cover', defaultMessage: 'Cover image' }),
            intl.formatMessage({ id: 'settings.cover.description', defaultMessage: 'A wide photo of your premises or your work.' }),
          )}
        </SimpleGrid>
        <ApiErrorAlert error={error} />
      </Stack>
    </Card>
  );
}
