import { Alert, Button, Card, Group, Modal, Select, Stack, Table, Text, Textarea, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import {
  deleteInvoiceMutation,
  getInvoiceOptions,
  getInvoicePdfOptions,
  getInvoiceQueryKey,
  issueInvoiceMutation,
  listInvoicesQueryKey,
  rectifyInvoiceMutation,
  sendInvoiceMutation,
  updateInvoiceMutation,
  voidInvoiceMutation,
} from '@generated/@tanstack/react-query.gen';
import type { Invoice, InvoiceInput, RectificationMethod, RectificationReason, Tenant } from '@generated/types.gen';
import { ListTable } from '~/components/list-table';
import { invoicePaymentStatus, invoiceStatus } from '~/entities/invoice/status';
import { useIsManager } from '~/entities/session/use-team-role';
import { StatusBadge } from '~/entities/status-badge';
import { AnchorLink } from '~/components/anchor-link';
import { PageHeader } from '~/components/page-header';
import { QueryState } from '~/components/query-state';
import { localeParam } from '~/lib/locale';
import { formatMoney } from '~/lib/money';
import { useIdempotencyKey } from '~/lib/use-idempotency-key';
import { useLocale } from '~/lib/use-locale';
import { describeFailure } from '../errors';
import { invoiceMessages as m, kindLabels, reasonLabels } from '../messages';
import { InvoiceForm } from './invoice-form';
import { formatRate } from '~/lib/percent';

/** /invoices/{id}: a draft to edit, issue or delete; an issued invoice to download, send, rectify or void. */
export function InvoicePage({ tenant, id }: { tenant: Tenant; id: string }) {
  const query = useQuery(getInvoiceOptions({ path: { tenantId: tenant.id, id } }));
  return <QueryState query={query}>{(data) => <InvoiceView key={`${data.invoice.id}/${data.invoice.version}`} tenant={tenant} invoice={data.invoice} />}</QueryState>;
}

const inputOf = (invoice: Invoice): InvoiceInput => ({
  kind: invoice.kind === 'INVOICE_KIND_SIMPLIFIED' ? 'INVOICE_KIND_SIMPLIFIED' : 'INVOICE_KIND_STANDARD',
  language: invoice.language,
  pricesIncludeTax: invoice.pricesIncludeTax,
  customer: invoice.customer,
  ...(invoice.withholding ? { withholdingPercentage: invoice.withholding.percentage } : {}),
  ...(invoice.operationDate ? { operationDate: invoice.operationDate } : {}),
  ...(invoice.dueDate ? { dueDate: invoice.dueDate } : {}),
  ...(invoice.notes ? { notes: invoice.notes } : {}),
  lines: invoice.lines.map((l) => ({
    description: l.description,
    quantity: l.quantity,
    unitPrice: l.unitPrice,
    taxPercentage: l.taxPercentage,
    discountPercentage: l.discountPercentage,
    ...(l.exemption ? { exemption: l.exemption } : {}),
  })),
});

function InvoiceView({ tenant, invoice }: { tenant: Tenant; invoice: Invoice }) {
  const intl = useIntl();
  const locale = useLocale();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const manager = useIsManager(tenant) === true;
  const path = { tenantId: tenant.id, id: invoice.id };
  const money = (amount: number) => formatMoney(amount, { currencyCode: invoice.currency, locale });
  const percent = (value: number) => formatRate(value, intl.locale);
  const [failure, setFailure] = useState<string | null>(null);
  const [modal, setModal] = useState<'rectify' | 'void' | 'send' | null>(null);
  const rectifyKey = useIdempotencyKey();

  const update = useMutation(updateInvoiceMutation());
  const issue = useMutation(issueInvoiceMutation());
  const remove = useMutation(deleteInvoiceMutation());
  const rectify = useMutation(rectifyInvoiceMutation());
  const voiding = useMutation(voidInvoiceMutation());
  const send = useMutation(sendInvoiceMutation());

  const refresh = async (fresh?: Invoice) => {
    if (fresh) queryClient.setQueryData(getInvoiceQueryKey({ path }), { invoice: fresh });
    await queryClient.invalidateQueries({ queryKey: listInvoicesQueryKey({ path: { tenantId: tenant.id } }) });
  };
  const run = async (action: () => Promise<void>) => {
    setFailure(null);
    try {
      await action();
    } catch (error) {
      setFailure(describeFailure(intl, error));
      if ((error as { code?: string })?.code === 'stale_version') await queryClient.invalidateQueries({ queryKey: getInvoiceQueryKey({ path }) });
    }
  };

  const downloadPdf = () =>
    run(async () => {
      const blob = (await queryClient.fetchQuery({ ...getInvoicePdfOptions({ path }), staleTime: 0 })) as unknown as Blob;
      const url = URL.createObjectURL(blob);
      const anchor = document.createElement('a');
      anchor.href = url;
      anchor.download = `${invoice.displayNumber ?? 'draft'}.pdf`;
      anchor.click();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    });

  const draft = invoice.status === 'INVOICE_STATUS_DRAFT';
  const issued = invoice.status === 'INVOICE_STATUS_ISSUED';
  const title = invoice.displayNumber ?? intl.formatMessage(m.draftNumber);

  return (
    <Stack gap="lg" maw={1100}>
      <PageHeader
        back={<AnchorLink to="/{-$locale}/invoices">{intl.formatMessage(m.back)}</AnchorLink>}
        title={intl.formatMessage(m.pageTitle, { kind: intl.formatMessage(kindLabels[invoice.kind]), number: title })}
        badges={
          <Group gap="xs">
            <StatusBadge vocabulary={invoiceStatus} status={invoice.status} variant="filled" />
            {issued ? <StatusBadge vocabulary={invoicePaymentStatus} status={invoice.paymentStatus} /> : null}
          </Group>
        }
        actions={
          <Group gap="xs">
            <Button variant="default" onClick={() => void downloadPdf()}>
              {intl.formatMessage(m.downloadPdf)}
            </Button>
            {draft ? (
              <>
                <Button
                  loading={issue.isPending}
                  onClick={() =>
                    void run(async () => {
                      const { invoice: fresh } = await issue.mutateAsync({ path, body: { version: invoice.version } });
                      notifications.show({ color: 'green', title: intl.formatMessage(m.issued, { number: fresh.displayNumber }), message: fresh.customer.name });
                      await refresh(fresh);
                    })
                  }
                >
                  {intl.formatMessage(m.issue)}
                </Button>
                <Button
                  color="red"
                  variant="light"
                  loading={remove.isPending}
                  onClick={() =>
                    void run(async () => {
                      await remove.mutateAsync({ path });
                      notifications.show({ color: 'green', title: intl.formatMessage(m.deleted), message: invoice.customer.name });
                      await refresh();
                      await navigate({ to: '/{-$locale}/invoices', params: { locale: localeParam(locale) } });
                    })
                  }
                >
                  {intl.formatMessage(m.deleteDraft)}
                </Button>
              </>
            ) : null}
            {issued ? (
              <Button variant="light" onClick={() => setModal('send')}>
                {intl.formatMessage(m.send)}
              </Button>
            ) : null}
            {issued && manager && invoice.kind !== 'INVOICE_KIND_CREDIT_NOTE' ? (
              <Button variant="light" onClick={() => setModal('rectify')}>
                {intl.formatMessage(m.rectify)}
              </Button>
            ) : null}
            {issued && manager ? (
              <Button variant="light" color="red" onClick={() => setModal('void')}>
                {intl.formatMessage(m.voidAction)}
              </Button>
            ) : null}
          </Group>
        }
      />
      {failure ? (
        <Alert color="red" role="alert">
          {failure}
        </Alert>
      ) : null}
      {issued && !manager ? <Text c="dimmed">{intl.formatMessage(m.memberCannotCorrect)}</Text> : null}
      {invoice.rectification ? (
        <Alert color="blue">
          <Text span>{intl.formatMessage(m.rectifies, { number: invoice.rectification.displayNumber, reason: invoice.rectification.reason })}</Text>
          <AnchorLink ml="xs" to="/{-$locale}/invoices/$id" params={{ id: invoice.rectification.invoiceId }}>
            {invoice.rectification.displayNumber}
          </AnchorLink>
        </Alert>
      ) : null}
      {invoice.rectifiedByIds && invoice.rectifiedByIds.length > 0 ? (
        <Group gap="xs">
          <Text>{intl.formatMessage(m.rectifiedBy, { count: invoice.rectifiedByIds.length })}</Text>
          {invoice.rectifiedByIds.map((rid, i) => (
            <AnchorLink key={rid} to="/{-$locale}/invoices/$id" params={{ id: rid }}>
              {intl.formatMessage(m.rectifyingLink, { n: i + 1 })}
            </AnchorLink>
          ))}
        </Group>
      ) : null}

      {draft ? (
        <InvoiceForm
          initial={inputOf(invoice)}
          currency={invoice.currency}
          defaultTax={tenant.taxPercentage}
          locale={locale}
          submitLabel={intl.formatMessage(m.saveDraft)}
          onSubmit={(input) =>
            run(async () => {
              const { invoice: fresh } = await update.mutateAsync({ path, body: { invoice: input, version: invoice.version } });
              notifications.show({ color: 'green', title: intl.formatMessage(m.saved), message: fresh.customer.name });
              await refresh(fresh);
            })
          }
        />
      ) : (
        <Card withBorder>
          <Stack gap="xs">
            <Group justify="space-between" align="flex-start">
              <Stack gap={0}>
                <Text size="sm" c="dimmed">
                  {intl.formatMessage(m.issuer)}
                </Text>
                <Text fw={600}>{invoice.issuer.legalName ?? invoice.issuer.businessName}</Text>
                {invoice.issuer.taxId ? <Text size="sm">{invoice.issuer.taxId}</Text> : null}
              </Stack>
              <Stack gap={0}>
                <Text size="sm" c="dimmed">
                  {intl.formatMessage(m.customer)}
                </Text>
                <Text fw={600}>{invoice.customer.name}</Text>
                {invoice.customer.taxId ? <Text size="sm">{invoice.customer.taxId}</Text> : null}
              </Stack>
              <Stack gap={0}>
                <Text size="sm" c="dimmed">
                  {intl.formatMessage(m.issueDate)}
                </Text>
                <Text>{invoice.issueDate}</Text>
                {invoice.sentAt ? <Text size="sm">{intl.formatMessage(m.sentOn, { date: invoice.sentAt.slice(0, 10) })}</Text> : null}
              </Stack>
            </Group>
            <ListTable
              minWidth={600}
              columns={[
                { label: intl.formatMessage(m.description) },
                { label: intl.formatMessage(m.quantity), align: 'right' },
                { label: intl.formatMessage(m.unitPrice), align: 'right' },
                { label: intl.formatMessage(m.taxPercentage), align: 'right' },
                { label: intl.formatMessage(m.subtotal), align: 'right' },
              ]}
            >
              {invoice.lines.map((line, i) => (
                <Table.Tr key={i}>
                  <Table.Td>{line.description}</Table.Td>
                  <Table.Td ta="right">{intl.formatNumber(line.quantity)}</Table.Td>
                  <Table.Td ta="right">{money(line.unitPrice.amount)}</Table.Td>
                  <Table.Td ta="right">{line.exemption ? intl.formatMessage(m.exempt, { code: line.exemption.code }) : percent(line.taxPercentage)}</Table.Td>
                  <Table.Td ta="right">{money(line.lineTotal.amount)}</Table.Td>
                </Table.Tr>
              ))}
            </ListTable>
            {invoice.fiscalRecord ? (
              <Text size="xs" c="dimmed">
                {intl.formatMessage(m.fiscalRecord, { hash: invoice.fiscalRecord.hash.slice(0, 16) })}
              </Text>
            ) : null}
          </Stack>
        </Card>
      )}

      <Card withBorder maw={420} ml="auto">
        <Title order={2} size="h5">
          {intl.formatMessage(m.breakdown)}
        </Title>
        <Table>
          <Table.Tbody>
            {invoice.taxBreakdown.map((b, i) => (
              <Table.Tr key={i}>
                <Table.Td>{b.exemption ? intl.formatMessage(m.exempt, { code: b.exemption }) : percent(b.taxPercentage)}</Table.Td>
                <Table.Td ta="right">{money(b.base.amount)}</Table.Td>
                <Table.Td ta="right">{money(b.tax.amount)}</Table.Td>
              </Table.Tr>
            ))}
            <Table.Tr>
              <Table.Td>{intl.formatMessage(m.subtotal)}</Table.Td>
              <Table.Td />
              <Table.Td ta="right">{money(invoice.totals.subtotal.amount)}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Td>{intl.formatMessage(m.tax)}</Table.Td>
              <Table.Td />
              <Table.Td ta="right">{money(invoice.totals.tax.amount)}</Table.Td>
            </Table.Tr>
            {invoice.totals.withholding.amount !== 0 ? (
              <Table.Tr>
                <Table.Td>{intl.formatMessage(m.withheld)}</Table.Td>
                <Table.Td />
                <Table.Td ta="right">{money(-invoice.totals.withholding.amount)}</Table.Td>
              </Table.Tr>
            ) : null}
            <Table.Tr>
              <Table.Td fw={700}>{intl.formatMessage(m.total)}</Table.Td>
              <Table.Td />
              <Table.Td ta="right" fw={700} data-testid="invoice-total">
                {money(invoice.totals.total.amount)}
              </Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
      </Card>

      <RectifyModal
        opened={modal === 'rectify'}
        simplified={invoice.kind === 'INVOICE_KIND_SIMPLIFIED'}
        onClose={() => setModal(null)}
        onConfirm={(method, reason, description) =>
          run(async () => {
            const { invoice: credit } = await rectify.mutateAsync({
              path,
              body: { version: invoice.version, method, reason, ...(description ? { description } : {}), ...(method === 'SUBSTITUTION' ? { lines: inputOf(invoice).lines! } : {}) },
              headers: { 'Idempotency-Key': rectifyKey.key() },
            });
            rectifyKey.renew();
            setModal(null);
            notifications.show({ color: 'green', title: intl.formatMessage(m.rectified, { number: credit.displayNumber }), message: credit.customer.name });
            await refresh();
            await navigate({ to: '/{-$locale}/invoices/$id', params: { id: credit.id, locale: localeParam(locale) } });
          })
        }
      />
      <TextModal
        opened={modal === 'void'}
        title={intl.formatMessage(m.voidTitle)}
        message={intl.formatMessage(m.voidMessage)}
        label={intl.formatMessage(m.voidReason)}
        initial=""
        onClose={() => setModal(null)}
        onConfirm={(reason) =>
          run(async () => {
            const { invoice: fresh } = await voiding.mutateAsync({ path, body: { version: invoice.version, reason } });
            setModal(null);
            notifications.show({ color: 'green', title: intl.formatMessage(m.voided), message: fresh.displayNumber ?? '' });
            await refresh(fresh);
          })
        }
      />
      <TextModal
        opened={modal === 'send'}
        title={intl.formatMessage(m.send)}
        label={intl.formatMessage(m.sendTo)}
        initial={invoice.customer.email ?? ''}
        onClose={() => setModal(null)}
        onConfirm={(email) =>
          run(async () => {
            const { invoice: fresh } = await send.mutateAsync({ path, body: { version: invoice.version, email } });
            setModal(null);
            notifications.show({ color: 'green', title: intl.formatMessage(m.sent, { email }), message: fresh.displayNumber ?? '' });
            await refresh(fresh);
          })
        }
      />
    </Stack>
  );
}

function TextModal({ opened, title, message, label, initial, onClose, onConfirm }: {
  opened: boolean;
  title: string;
  message?: string;
  label: string;
  initial: string;
  onClose: () => void;
  onConfirm: (value: string) => Promise<void>;
}) {
  const intl = useIntl();
  const [value, setValue] = useState(initial);
  const [busy, setBusy] = useState(false);
  return (
    <Modal opened={opened} onClose={onClose} title={title}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          setBusy(true);
          void onConfirm(value.trim()).finally(() => setBusy(false));
        }}
      >
        <Stack>
          {message ? <Text>{message}</Text> : null}
          <TextInput label={label} value={value} onChange={(e) => setValue(e.currentTarget.value)} required data-autofocus />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {intl.formatMessage(m.cancel)}
            </Button>
            <Button type="submit" loading={busy} disabled={!value.trim()}>
              {intl.formatMessage(m.confirm)}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function RectifyModal({ opened, simplified, onClose, onConfirm }: {
  opened: boolean;
  simplified: boolean;
  onClose: () => void;
  onConfirm: (method: RectificationMethod, reason: RectificationReason, description: string) => Promise<void>;
}) {
  const intl = useIntl();
  const [method, setMethod] = useState<RectificationMethod>('DIFFERENCES');
  const [reason, setReason] = useState<RectificationReason>(simplified ? 'R5' : 'R1');
  const [description, setDescription] = useState('');
  const [busy, setBusy] = useState(false);
  const reasons: RectificationReason[] = simplified ? ['R5'] : ['R1', 'R2', 'R3', 'R4'];
  return (
    <Modal opened={opened} onClose={onClose} title={intl.formatMessage(m.rectifyTitle)}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          setBusy(true);
          void onConfirm(method, reason, description.trim()).finally(() => setBusy(false));
        }}
      >
        <Stack>
          <Select
            label={intl.formatMessage(m.rectifyMethod)}
            value={method}
            onChange={(v) => v && setMethod(v as RectificationMethod)}
            allowDeselect={false}
            data={[
              { value: 'DIFFERENCES', label: intl.formatMessage(m.byDifferences) },
              { value: 'SUBSTITUTION', label: intl.formatMessage(m.bySubstitution) },
            ]}
          />
          <Select
            label={intl.formatMessage(m.rectifyReason)}
            value={reason}
            onChange={(v) => v && setReason(v as RectificationReason)}
            allowDeselect={false}
            data={reasons.map((r) => ({ value: r, label: intl.formatMessage(reasonLabels[r]) }))}
          />
          <Textarea label={intl.formatMessage(m.rectifyDescription)} value={description} onChange={(e) => setDescription(e.currentTarget.value)} maxLength={500} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {intl.formatMessage(m.cancel)}
            </Button>
            <Button type="submit" loading={busy}>
              {intl.formatMessage(m.rectify)}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
