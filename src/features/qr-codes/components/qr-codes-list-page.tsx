import { Group, Stack, Text } from '@mantine/core';
import { IconQrcode } from '@tabler/icons-react';
import { FormattedMessage, useIntl } from 'react-intl';
import { listQrCodesOptions } from '@generated/@tanstack/react-query.gen';
import type { Tenant } from '@generated/types.gen';
import { useIsManager } from '~/entities/session/use-team-role';
import { AnchorLink } from '~/components/anchor-link';
import { RecordListPage } from '~/components/record-list-page';
import { KIND_NAMES, qrMessages, redirects } from '../messages';
import { defaultQrCodesQuery, QR_CODES_PAGE_SIZE } from '../list-query';
import { QrImage } from './qr-image';

/** /qrs: the business's printable QR codes, newest first, with their scans. */
export function QrCodesListPage({ tenant }: { tenant: Tenant }) {
  const intl = useIntl();
  const canManage = useIsManager(tenant);
  return (
    <RecordListPage
      title={<FormattedMessage id="qrs.list.title" defaultMessage="QR codes" />}
      intro={<FormattedMessage id="qrs.list.intro" defaultMessage="Codes to print for your shop window, counter or cards: your booking page, reviews, Wi-Fi or payments." />}
      maw={960}
      canManage={canManage}
      create={{ to: '/{-$locale}/qrs/create', label: <FormattedMessage id="qrs.list.create" defaultMessage="New QR code" /> }}
      readOnly={qrMessages.readOnly}
      defaultQuery={defaultQrCodesQuery}
      pageSize={QR_CODES_PAGE_SIZE}
      options={(query) => listQrCodesOptions({ path: { tenantId: tenant.id }, query })}
      search={{
        label: intl.formatMessage({ id: 'qrs.list.search', defaultMessage: 'Search QR codes' }),
        placeholder: intl.formatMessage({ id: 'qrs.list.search.placeholder', defaultMessage: 'Name' }),
      }}
      empty={{
        icon: <IconQrcode size={30} aria-hidden />,
        title: <FormattedMessage id="qrs.list.empty.title" defaultMessage="No QR codes yet" />,
        description: <FormattedMessage id="qrs.list.empty.description" defaultMessage="Create one for your booking page and print it for the shop window." />,
      }}
      minWidth={520}
      rowKey={(qr) => qr.id}
      columns={[
        {
          label: intl.formatMessage({ id: 'qrs.list.name', defaultMessage: 'QR code' }),
          cell: (qr) => (
            <Group gap="sm" wrap="nowrap">
              <QrImage qr={qr} size={48} />
              <Stack gap={0}>
                <AnchorLink to="/{-$locale}/qrs/$id" params={{ id: qr.id }}>
                  {qr.name}
                </AnchorLink>
                <Text size="xs" c="dimmed" lineClamp={1} style={{ wordBreak: 'break-all' }}>
                  {qr.targetUrl ?? qr.wifi?.ssid ?? qr.payment?.beneficiary}
                </Text>
              </Stack>
            </Group>
          ),
        },
        { label: intl.formatMessage({ id: 'qrs.list.kind', defaultMessage: 'Leads to' }), cell: (qr) => intl.formatMessage(KIND_NAMES[qr.kind]) },
        {
          label: intl.formatMessage({ id: 'qrs.list.scans', defaultMessage: 'Scans' }),
          align: 'right',
          cell: (qr) => (redirects(qr.kind) ? intl.formatNumber(qr.scanCount) : '—'),
        },
      ]}
    />
  );
}
