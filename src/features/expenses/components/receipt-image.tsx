import { Anchor, Card, Group, Image, Skeleton, Text } from '@mantine/core';
import { IconFileTypePdf } from '@tabler/icons-react';
import { useIntl } from 'react-intl';
import { useAssetImage } from '~/lib/use-asset-image';
import { expenseMessages as m } from '../messages';

/** The receipt kept with an expense (fetched with the session, shown through an object URL; a PDF opens in the browser's viewer). */
export function ReceiptImage({ tenantId, assetId }: { tenantId: string; assetId?: string }) {
  const intl = useIntl();
  const image = useAssetImage(tenantId, assetId);
  return (
    <Card withBorder padding="xs" component="figure" m={0} aria-label={intl.formatMessage(m.receipt)}>
      {!assetId ? (
        <Text c="dimmed" size="sm">
          {intl.formatMessage(m.noReceipt)}
        </Text>
      ) : image.url && image.type === 'application/pdf' ? (
        <Group gap="xs">
          <IconFileTypePdf size={28} aria-hidden />
          <Anchor href={image.url} target="_blank" rel="noreferrer" data-testid="receipt-pdf">
            {intl.formatMessage(m.openPdf)}
          </Anchor>
        </Group>
      ) : image.url ? (
        <a href={image.url} target="_blank" rel="noreferrer">
          <Image src={image.url} alt={intl.formatMessage(m.receiptAlt)} mah={520} fit="contain" />
        </a>
      ) : (
        <Skeleton height={240} />
      )}
    </Card>
  );
}
