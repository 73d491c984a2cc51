import { Center, Image, Loader, Text } from '@mantine/core';
import { useIntl } from 'react-intl';
import type { QrCode } from '@generated/types.gen';
import { qrMessages } from '../messages';
import { useQrImage } from '../use-qr-image';

/** A QR code's image (SVG, fetched with the session), with its loading and failure states. */
export function QrImage({ qr, size }: { qr: QrCode; size: number }) {
  const intl = useIntl();
  const image = useQrImage(qr.tenantId, qr.id);
  if (image.isError) {
    return (
      <Center w={size} h={size}>
        <Text size="xs" c="red" ta="center">
          {intl.formatMessage(qrMessages.imageError)}
        </Text>
      </Center>
    );
  }
  if (!image.url) {
    return (
      <Center w={size} h={size}>
        <Loader size="sm" />
      </Center>
    );
  }
  return <Image src={image.url} w={size} h={size} fit="contain" alt={intl.formatMessage({ id: 'qrs.image.alt', defaultMessage: 'QR code {name}' }, { name: qr.name })} />;
}
