import { Box, Button, Card, Group, Image, Menu, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { IconDownload, IconPrinter } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { deleteQrCodeMutation, getQrCodeImageOptions, getQrCodeImageQueryKey, getQrCodeOptions, getQrCodeQueryKey, listQrCodesQueryKey, updateQrCodeMutation } from '@generated/@tanstack/react-query.gen';
import type { QrCodeResponse, Tenant } from '@generated/types.gen';
import { useIsManager } from '~/entities/session/use-team-role';
import { RecordEditorHeader, RecordQuery, useRecordEditor } from '~/components/record-editor';
import { SaveAlert } from '~/components/save-alert';
import { downloadBlob } from '~/lib/download-blob';
import { useAssetImage } from '~/lib/use-asset-image';
import { KIND_NAMES, qrMessages, redirects } from '../messages';
import { applyQrServerErrors, QrFormFields, qrFormFrom, toQrUpdate, type QrForm } from './qr-form';
import { QrImage } from './qr-image';

/** Print sizes at 300 dpi: the side in centimetres and in pixels. */
const PRINT_SIZES = [
  { cm: 5, px: 591 },
  { cm: 10, px: 1181 },
  { cm: 20, px: 2362 },
] as const;

/** Printing shows the A4 sheet only (the page has no dashboard around it). */
const PRINT_CSS = `@page { size: A4; margin: 15mm; } @media print { .qr-screen-only { display: none !important; } body { background: #fff; } }`;

/** /qrs/{id} (no layout): the printable A4 sheet, downloads, scans per day, and re-pointing. */
export function QrCodePage({ tenant, id }: { tenant: Tenant; id: string }) {
  return (
    <Box p={{ base: 'sm', sm: 'xl' }} maw={1000} mx="auto">
      <style>{PRINT_CSS}</style>
      <RecordQuery options={getQrCodeOptions({ path: { tenantId: tenant.id, id } })}>
        {(data, reload) => <QrCodeEditor tenant={tenant} data={data} reload={reload} />}
      </RecordQuery>
    </Box>
  );
}

function QrCodeEditor({ tenant, data, reload }: { tenant: Tenant; data: QrCodeResponse; reload: () => Promise<unknown> }) {
  const intl = useIntl();
  const qr = data.qrCode;
  const canManage = useIsManager(tenant);
  const queryClient = useQueryClient();
  const path = { tenantId: tenant.id, id: qr.id };
  const editor = useRecordEditor({
    path,
    recordKey: getQrCodeQueryKey({ path }),
    listKey: listQrCodesQueryKey({ path: { tenantId: tenant.id } }),
    listTo: '/{-$locale}/qrs',
    update: updateQrCodeMutation(),
    remove: deleteQrCodeMutation(),
    reload,
    applyServerErrors: (failure: unknown, form: QrForm) => applyQrServerErrors(failure, form, intl),
    current: data,
    name: (response) => response.qrCode.name,
    texts: qrMessages,
    // The answer has no scans per day: the page reads the code again.
    afterSave: async () => {
      await queryClient.invalidateQueries({ queryKey: getQrCodeQueryKey({ path }) });
      await queryClient.invalidateQueries({ queryKey: getQrCodeImageQueryKey({ path }) });
      await queryClient.invalidateQueries({ queryKey: listQrCodesQueryKey({ path: { tenantId: tenant.id } }) });
    },
  });
  const [downloading, setDownloading] = useState(false);
  const download = async (format: 'svg' | 'png', size?: number) => {
    setDownloading(true);
    try {
      const blob = await queryClient.fetchQuery({ ...getQrCodeImageOptions({ path, query: { format, ...(size ? { size } : {}) } }), staleTime: 0 });
      const base = qr.name.replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-|-$/g, '') || 'qr';
      downloadBlob(`${base}${size ? `-${size}px` : ''}.${format}`, blob as Blob);
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Stack gap="lg">
      <Stack gap="lg" className="qr-screen-only">
        <RecordEditorHeader
          editor={editor}
          listTo="/{-$locale}/qrs"
          backLabel={<FormattedMessage id="qrs.back" defaultMessage="← QR codes" />}
          title={qr.name}
          subtitle={intl.formatMessage(KIND_NAMES[qr.kind])}
          canManage={canManage}
          texts={qrMessages}
          remove={{
            label: <FormattedMessage id="qrs.delete" defaultMessage="Delete" />,
            title: intl.formatMessage({ id: 'qrs.delete.title', defaultMessage: 'Delete this QR code?' }),
            confirmLabel: <FormattedMessage id="qrs.delete.confirm" defaultMessage="Delete QR code" />,
            message: redirects(qr.kind) ? (
              <FormattedMessage id="qrs.delete.message" defaultMessage="Printed copies of {name} stop working: scanning them shows that the code is no longer in use." values={{ name: qr.name }} />
            ) : (
              <FormattedMessage id="qrs.delete.message.static" defaultMessage="{name} leaves your list. Printed copies keep what they encode." values={{ name: qr.name }} />
            ),
          }}
        />
        <Group gap="sm">
          <Button leftSection={<IconPrinter size={16} aria-hidden />} onClick={() => window.print()}>
            <FormattedMessage id="qrs.print" defaultMessage="Print A4 sheet" />
          </Button>
          <Menu position="bottom-start">
            <Menu.Target>
              <Button variant="default" loading={downloading} leftSection={<IconDownload size={16} aria-hidden />}>
                <FormattedMessage id="qrs.download" defaultMessage="Download" />
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item onClick={() => void download('svg')}>
                <FormattedMessage id="qrs.download.svg" defaultMessage="SVG (any size, for print shops)" />
              </Menu.Item>
              {PRINT_SIZES.map((size) => (
                <Menu.Item key={size.px} onClick={() => void download('png', size.px)}>
                  <FormattedMessage id="qrs.download.png" defaultMessage="PNG {cm} cm at 300 dpi ({px} px)" values={{ cm: size.cm, px: size.px }} />
                </Menu.Item>
              ))}
            </Menu.Dropdown>
          </Menu>
        </Group>
      </Stack>

      <PrintSheet tenant={tenant} data={data} />

      {redirects(qr.kind) ? (
        <Card withBorder radius="lg" padding="lg" className="qr-screen-only">
          <Stack gap="sm">
            <Title order={2} size="h4">
              <FormattedMessage id="qrs.scans.title" defaultMessage="Scans" />
            </Title>
            <Text>
              <FormattedMessage
                id="qrs.scans.total"
                defaultMessage="{count, plural, =0 {Not scanned yet.} one {Scanned once.} other {Scanned # times.}}"
                values={{ count: qr.scanCount }}
              />
            </Text>
            {(data.dailyScans ?? []).length > 0 ? (
              <Table.ScrollContainer minWidth={260}>
                <Table striped withTableBorder>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>
                        <FormattedMessage id="qrs.scans.day" defaultMessage="Day" />
                      </Table.Th>
                      <Table.Th style={{ textAlign: 'right' }}>
                        <FormattedMessage id="qrs.scans.count" defaultMessage="Scans" />
                      </Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {[...(data.dailyScans ?? [])].reverse().map((day) => (
                      <Table.Tr key={day.day}>
                        <Table.Td>{intl.formatDate(`${day.day}T12:00:00Z`, { dateStyle: 'medium', timeZone: 'UTC' })}</Table.Td>
                        <Table.Td style={{ textAlign: 'right' }}>{intl.formatNumber(day.count)}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            ) : null}
          </Stack>
        </Card>
      ) : null}

      <Stack gap="sm" className="qr-screen-only">
        <Title order={2} size="h4">
          {redirects(qr.kind) ? (
            <FormattedMessage id="qrs.edit.title.redirect" defaultMessage="Change where it leads" />
          ) : (
            <FormattedMessage id="qrs.edit.title" defaultMessage="Change it" />
          )}
        </Title>
        {redirects(qr.kind) ? (
          <Text size="sm" c="dimmed">
            <FormattedMessage id="qrs.edit.intro" defaultMessage="Printed copies follow the new address at once." />
          </Text>
        ) : (
          <Text size="sm" c="dimmed">
            <FormattedMessage id="qrs.edit.intro.static" defaultMessage="This code holds its details itself: reprint it after changing them." />
          </Text>
        )}
        <QrFormFields
          key={editor.save.formKey}
          kindFixed
          readOnly={canManage !== true}
          defaultValues={qrFormFrom(qr)}
          submitLabel={<FormattedMessage id="qrs.save" defaultMessage="Save changes" />}
          alert={<SaveAlert state={editor.save} texts={qrMessages} paused={editor.paused} />}
          onSubmit={editor.submit(
            (values) => ({ qrCode: toQrUpdate(values, qr.version) }),
            (response) => qrFormFrom(response.qrCode),
          )}
        />
      </Stack>
    </Stack>
  );
}

/** The A4 sheet: the business's logo and name, the code, and what it does. */
function PrintSheet({ tenant, data }: { tenant: Tenant; data: QrCodeResponse }) {
  const qr = data.qrCode;
  const logo = useAssetImage(tenant.id, tenant.logoAssetId);
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} style={{ breakInside: 'avoid' }}>
      <Stack align="center" gap="md">
        {logo.url ? <Image src={logo.url} alt="" h={72} w="auto" fit="contain" /> : null}
        <Title order={1} ta="center" size="h2">
          {tenant.businessName}
        </Title>
        <Box w="min(100%, 12cm)" style={{ aspectRatio: '1 / 1', display: 'grid', placeItems: 'center' }}>
          <QrImage qr={qr} size={360} />
        </Box>
        <Text fw={600} size="lg" ta="center">
          {qr.name}
        </Text>
        <Text size="sm" c="dimmed" ta="center" style={{ wordBreak: 'break-all' }}>
          {redirects(qr.kind) ? qr.payload : qr.kind === 'QR_CODE_KIND_WIFI' ? (qr.wifi?.ssid ?? '') : [qr.payment?.beneficiary, qr.payment?.iban].filter(Boolean).join(' · ')}
        </Text>
      </Stack>
    </Paper>
  );
}
