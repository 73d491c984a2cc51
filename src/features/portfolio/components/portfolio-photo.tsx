import { AspectRatio, Badge, Box, Center, Image, Skeleton, Text } from '@mantine/core';
import { IconPhotoOff } from '@tabler/icons-react';
import { useIntl } from 'react-intl';
import { useAssetImage } from '~/lib/use-asset-image';
import { portfolioMessages as m } from '../messages';

/**
 * One photo of a portfolio item (fetched with the session and shown through an object URL), square
 * in the grid and 4:3 on its page, with a "Before"/"After" label when the item has both.
 */
export function PortfolioPhoto({ tenantId, assetId, alt, label, ratio = 1 }: { tenantId: string; assetId: string; alt: string; label?: string; ratio?: number }) {
  const intl = useIntl();
  const image = useAssetImage(tenantId, assetId);
  return (
    <AspectRatio ratio={ratio} pos="relative" style={{ borderRadius: 'var(--mantine-radius-md)', overflow: 'hidden', background: 'var(--mantine-color-default-hover)' }}>
      {image.url ? (
        <Image src={image.url} alt={alt} fit="cover" />
      ) : image.isError ? (
        <Center c="dimmed" p="sm" role="img" aria-label={intl.formatMessage(m.photoFailedAlt, { alt })}>
          <Box ta="center">
            <IconPhotoOff size={28} aria-hidden />
            <Text size="xs">{intl.formatMessage(m.photoError)}</Text>
          </Box>
        </Center>
      ) : (
        <Skeleton role="img" aria-label={alt} aria-busy />
      )}
      {label ? (
        <Box pos="absolute" top={8} left={8} style={{ width: 'auto', height: 'auto' }}>
          <Badge variant="filled" color="dark" size="sm">
            {label}
          </Badge>
        </Box>
      ) : null}
    </AspectRatio>
  );
}
