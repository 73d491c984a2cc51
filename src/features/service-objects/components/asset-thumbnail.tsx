import { Box, Center, Image, Skeleton, Tooltip } from '@mantine/core';
import { IconPhotoOff } from '@tabler/icons-react';
import { useIntl } from 'react-intl';
import { useAssetImage } from '~/lib/use-asset-image';
import { serviceObjectMessages } from '../messages';

/** A photo of a service object, fetched with the session (see useAssetImage). */
export function AssetThumbnail({ tenantId, assetId, alt, size = 120 }: { tenantId: string; assetId: string; alt: string; size?: number }) {
  const intl = useIntl();
  const image = useAssetImage(tenantId, assetId);
  return (
    <Box w={size} h={size} style={{ borderRadius: 'var(--mantine-radius-md)', overflow: 'hidden', border: '1px solid var(--mantine-color-default-border)', flexShrink: 0 }}>
      {image.url ? (
        <Image src={image.url} alt={alt} w={size} h={size} fit="cover" />
      ) : image.isError ? (
        <Tooltip label={intl.formatMessage(serviceObjectMessages.photoLoadError)}>
          <Center w={size} h={size} c="dimmed" role="img" aria-label={intl.formatMessage(serviceObjectMessages.photoLoadError)}>
            <IconPhotoOff size={28} aria-hidden />
          </Center>
        </Tooltip>
      ) : (
        <Skeleton w={size} h={size} />
      )}
    </Box>
  );
}
