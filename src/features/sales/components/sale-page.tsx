import { Alert, Anchor, Button, Card, Checkbox, Group, Modal, NumberInput, Select, SimpleGrid, Stack, Table, Text, Textarea, Title } from '@mantine/core';
import { IconArrowLeft, IconCash, IconFileInvoice, IconPrinter, IconReceiptRefund, IconBan } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import {
  createInvoiceMutation,
  getSaleOptions,
  getSaleQueryKey,
  listPaymentMethodsOptions,
  listPaymentTransactionsOptions,
  listPaymentTransactionsQueryKey,
  listSalesQueryKey,
  refundSaleMutation,
  voidSaleMutation,
} from '@generated/@tanstack/react-query.gen';
import type { Sale, Tenant } from '@generated/types.gen';
import { ApiErrorAlert } from '~/components/api-error-alert';
import { ListTable } from '~/components/list-table';
import { MoneyInput } from '~/components/money-input';
import { QueryState } from '~/components/query-state';
import { TransactionTable } from '~/entities/payment-transaction/transaction-table';
import { saleErrorText } from '~/entities/sale/errors';
import { saleLifecycle, salePaymentStatus } from '~/entities/sale/status';
import { useIsManager } from '~/entities/session/use-team-role';
import { StatusBadge } from '~/entities/status-badge';
import { formatTimestamp } from '~/lib/format-timestamp';
import { localeParam } from '~/lib/locale';
import { useFormatMoney } from '~/lib/use-format-money';
import { useIdempotencyKey } from '~/lib/use-idempotency-key';
import { useLocale } from '~/lib/use-locale';
import { salesMessages as m } from '../messages';
import { refundProposal } from '../refund';
import { formatRate } from '~/lib/percent';

/** The printed ticket: the sale alone, without the app's navigation and buttons. */
const PRINT_CSS = '.print-only{display:none} @media print{.no-print,nav,header,aside,.mantine-AppShell-navbar,.mantine-AppShell-header{display:none !important}.print-only{display:block}}';

/** /sales/{id}: the sale's lines, tax breakdown, payments and refunds, its ticket, and (owners and administrators) void and refund. */
export function SalePage({ tenant, id }: { tenant: Tenant; id: string }) {
  const sale = useQuery(getSaleOptions({ path: { tenantId: tenant.id, id } }));
  return <QueryState query={sale}>{({ sale: data }) => <SaleView tenant={tenant} sale={data} />}</QueryState>;
}

function SaleView({ tenant, sale }: { tenant: Tenant; sale: Sale }) {
  const intl = useIntl();
  const locale = useLocale();
  const money = useFormatMoney();
  const canCorrect = useIsManager(tenant);
  const [voiding, setVoiding] = useState(false);
  const [refunding, setRefunding] = useState(false);
  const transactions = useQuery(listPaymentTransactionsOptions({ path: { tenantId: tenant.id }, query: { referenceId: sale.id, operationType: sale.operationType, limit: 200 } }));
  const when = formatTimestamp(sale.soldAt, locale, tenant.timeZone);
  const isRefund = sale.refundOfSaleId !== null;
  const live = sale.lifecycle === 'SALE_LIFECYCLE_COMPLETED';
  const link = (id: string, text: string) => (
    <Anchor key={id} renderRoot={(props) => <Link {...props} to="/{-$locale}/sales/$id" params={{ locale: localeParam(locale), id }} />}>
      {text}
    </Anchor>
  );
  return (
    <Stack gap="lg" maw={1000}>
      <style>{PRINT_CSS}</style>
      <Stack gap={4}>
        <Anchor size="sm" className="no-print" renderRoot={(props) => <Link {...props} to="/{-$locale}/sales" params={{ locale: localeParam(locale) }} />}>
          <Group gap={4}>
            <IconArrowLeft size={14} aria-hidden />
            {intl.formatMessage(m.back)}
          </Group>
        </Anchor>
        <Group justify="space-between" align="flex-end">
          <Stack gap={2}>
            <Title order={1}>{intl.formatMessage(isRefund ? m.refundTitle : m.saleTitle, { date: when })}</Title>
            <Group gap="xs">
              <Text c="dimmed">{sale.customer?.name ?? intl.formatMessage(m.walkIn)}</Text>
              {live ? <StatusBadge vocabulary={salePaymentStatus} status={sale.paymentStatus} variant="filled" data-testid="sale-status" /> : <StatusBadge vocabulary={saleLifecycle} status={sale.lifecycle} variant="filled" data-testid="sale-status" />}
            </Group>
          </Stack>
          <Group gap="sm" className="no-print">
            <Button variant="default" leftSection={<IconPrinter size={16} aria-hidden />} onClick={() => window.print()}>
              {intl.formatMessage(m.print)}
            </Button>
            {live && !isRefund && sale.outstandingAmount.amount > 0 ? (
              <Button
                variant="light"
                leftSection={<IconCash size={16} aria-hidden />}
                renderRoot={(props) => <Link {...props} to="/{-$locale}/payment-transaction/create" params={{ locale: localeParam(locale) }} search={{ referenceId: sale.id, operationType: sale.operationType === 'OPERATION_TYPE_APPOINTMENT_SALE' ? 'OPERATION_TYPE_APPOINTMENT_SALE' : 'OPERATION_TYPE_PRODUCT_SALE' }} />}
              >
                {intl.formatMessage(m.takePayment)}
              </Button>
            ) : null}
            {live && !isRefund && !sale.invoiceId ? <CreateInvoiceButton tenant={tenant} sale={sale} /> : null}
            {live && !isRefund && canCorrect ? (
              <>
                <Button variant="light" color="grape" leftSection={<IconReceiptRefund size={16} aria-hidden />} onClick={() => setRefunding(true)}>
                  {intl.formatMessage(m.refund)}
                </Button>
                <Button variant="light" color="red" leftSection={<IconBan size={16} aria-hidden />} onClick={() => setVoiding(true)}>
                  {intl.formatMessage(m.void)}
                </Button>
              </>
            ) : null}
          </Group>
        </Group>
        {sale.refundOfSaleId ? <Text size="sm">{link(sale.refundOfSaleId, intl.formatMessage(m.refundOf, { date: '' }).trim())}</Text> : null}
        {sale.voidReason || sale.voidedAt ? <Alert color="gray">{intl.formatMessage(m.voided, { reason: sale.voidReason ?? '—' })}</Alert> : null}
      </Stack>

      <Card withBorder component="section" aria-labelledby="sale-lines">
        <Title order={2} size="h4" id="sale-lines" mb="sm">
          {intl.formatMessage(m.lines)}
        </Title>
        <ListTable
          minWidth={600}
          dense
          columns={[
            { label: intl.formatMessage(m.item) },
            { label: intl.formatMessage(m.quantity), align: 'right' },
            { label: intl.formatMessage(m.unitPrice), align: 'right' },
            { label: intl.formatMessage(m.taxRate), align: 'right' },
            { label: intl.formatMessage(m.discount), align: 'right' },
            { label: intl.formatMessage(m.lineTotal), align: 'right' },
          ]}
        >
          {sale.lines.map((line) => (
            <Table.Tr key={line.position} data-testid="sale-line">
              <Table.Td>
                {line.name}
                {line.refundedQuantity > 0 ? (
                  <Text size="xs" c="grape">
                    {intl.formatMessage(m.refunded, { quantity: line.refundedQuantity })}
                  </Text>
                ) : null}
              </Table.Td>
              <Table.Td ta="right">{intl.formatNumber(line.quantity, { maximumFractionDigits: 3 })}</Table.Td>
              <Table.Td ta="right">{money(line.unitPrice)}</Table.Td>
              <Table.Td ta="right">{formatRate(line.taxPercentage, intl.locale)}</Table.Td>
              <Table.Td ta="right">{line.discountAmount.amount ? money(line.discountAmount) : ''}</Table.Td>
              <Table.Td ta="right">{money(line.lineTotal)}</Table.Td>
            </Table.Tr>
          ))}
        </ListTable>
      </Card>

      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Card withBorder component="section" aria-labelledby="sale-breakdown">
          <Title order={2} size="h4" id="sale-breakdown" mb="sm">
            {intl.formatMessage(m.breakdown)}
          </Title>
          <Stack gap={4}>
            {sale.taxBreakdown.map((entry) => (
              <Group key={entry.taxPercentage} justify="space-between">
                <Text size="sm">
                  {intl.formatMessage(m.rateBase, { rate: entry.taxPercentage, base: money(entry.base) })}
                </Text>
                <Text size="sm">{money(entry.tax)}</Text>
              </Group>
            ))}
            <Group justify="space-between">
              <Text size="sm">{intl.formatMessage(m.subtotal)}</Text>
              <Text size="sm">{money(sale.totals.subtotal)}</Text>
            </Group>
            {sale.pricesIncludeTax === false ? (
              <Group justify="space-between">
                <Text size="sm">{intl.formatMessage(m.tax)}</Text>
                <Text size="sm" data-testid="sale-tax">{money(sale.totals.tax)}</Text>
              </Group>
            ) : null}
            <Group justify="space-between">
              <Text fw={700}>{intl.formatMessage(m.total)}</Text>
              <Text fw={700} data-testid="sale-total">
                {money(sale.totals.total)}
              </Text>
            </Group>
            {sale.pricesIncludeTax === false ? null : (
              <Text size="sm" c="dimmed" ta="right" data-testid="sale-tax">
                {intl.formatMessage(m.inclTax, { amount: money(sale.totals.tax) })}
              </Text>
            )}
          </Stack>
        </Card>
        <Card withBorder component="section" aria-labelledby="sale-money">
          <Title order={2} size="h4" id="sale-money" mb="sm">
            {intl.formatMessage(m.paid)}
          </Title>
          <Stack gap={4}>
            <Row label={intl.formatMessage(m.paid)} value={money(sale.paidAmount)} testId="sale-paid" />
            <Row label={intl.formatMessage(m.outstanding)} value={money(sale.outstandingAmount)} testId="sale-outstanding" />
            <Row label={intl.formatMessage(m.refundedMoney)} value={money(sale.refundedAmount)} />
            <Row label={intl.formatMessage(m.tip)} value={money(sale.tip)} />
            {sale.invoiceId ? (
              <Group justify="space-between">
                <Text size="sm">{intl.formatMessage(m.invoice)}</Text>
                <Anchor size="sm" data-testid="sale-invoice" renderRoot={(props) => <Link {...props} to="/{-$locale}/invoices/$id" params={{ locale: localeParam(locale), id: sale.invoiceId! }} />}>
                  {intl.formatMessage(m.openInvoice)}
                </Anchor>
              </Group>
            ) : null}
            {sale.refundSaleIds.length > 0 ? (
              <Group gap="xs">
                <Text size="sm">{intl.formatMessage(m.refundsList)}</Text>
                {sale.refundSaleIds.map((refundId, index) => link(refundId, `#${index + 1}`))}
              </Group>
            ) : null}
          </Stack>
        </Card>
      </SimpleGrid>

      <Card withBorder component="section" aria-labelledby="sale-payments">
        <Title order={2} size="h4" id="sale-payments" mb="sm">
          {intl.formatMessage(m.payments)}
        </Title>
        <QueryState query={transactions} loaderHeight={80}>
          {(list) => (list.items.length === 0 ? <Text c="dimmed">{intl.formatMessage(m.noPayments)}</Text> : <TransactionTable items={list.items} timeZone={tenant.timeZone} label={intl.formatMessage(m.payments)} />)}
        </QueryState>
      </Card>
      <Text ta="center" size="sm" c="dimmed" className="print-only">
        {intl.formatMessage(m.ticketThanks, { business: tenant.businessName })}
      </Text>

      <VoidModal tenant={tenant} sale={sale} opened={voiding} onClose={() => setVoiding(false)} />
      {refunding ? <RefundModal tenant={tenant} sale={sale} onClose={() => setRefunding(false)} /> : null}
    </Stack>
  );
}

/** Creates the sale's invoice (the server builds its lines from the sale) and opens it. */
function CreateInvoiceButton({ tenant, sale }: { tenant: Tenant; sale: Sale }) {
  const intl = useIntl();
  const locale = useLocale();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const mutation = useMutation(createInvoiceMutation());
  const idempotency = useIdempotencyKey();
  const create = async () => {
    const customer = { ...(sale.customer?.customerId ? { customerId: sale.customer.customerId } : {}), name: sale.customer?.name ?? intl.formatMessage(m.walkIn) };
    try {
      const { invoice } = await mutation.mutateAsync({ path: { tenantId: tenant.id }, body: { invoice: { saleId: sale.id, customer } }, headers: { 'Idempotency-Key': idempotency.key() } });
      idempotency.renew();
      await queryClient.invalidateQueries({ queryKey: getSaleQueryKey({ path: { tenantId: tenant.id, id: sale.id } }) });
      await navigate({ to: '/{-$locale}/invoices/$id', params: { id: invoice.id, locale: localeParam(locale) } });
    } catch {
      // The error is shown below the button.
    }
  };
  const errorText = mutation.error ? saleErrorText(intl, mutation.error) : null;
  return (
    <Stack gap={4}>
      <Button variant="light" leftSection={<IconFileInvoice size={16} aria-hidden />} loading={mutation.isPending} onClick={() => void create()}>
        {intl.formatMessage(m.createInvoice)}
      </Button>
      {mutation.error ? errorText ? <Alert color="red" role="alert">{errorText}</Alert> : <ApiErrorAlert error={mutation.error} /> : null}
    </Stack>
  );
}

function Row({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <Group justify="space-between">
      <Text size="sm">{label}</Text>
      <Text size="sm" fw={500} data-testid={testId}>
        {value}
      </Text>
    </Group>
  );
}

function VoidModal({ tenant, sale, opened, onClose }: { tenant: Tenant; sale: Sale; opened: boolean; onClose: () => void }) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const [reason, setReason] = useState('');
  const mutation = useMutation(voidSaleMutation());
  const confirm = async () => {
    try {
      const result = await mutation.mutateAsync({ path: { tenantId: tenant.id, id: sale.id }, body: { version: sale.version, ...(reason.trim() ? { reason: reason.trim() } : {}) } });
      queryClient.setQueryData(getSaleQueryKey({ path: { tenantId: tenant.id, id: sale.id } }), result);
      await queryClient.invalidateQueries({ queryKey: listSalesQueryKey({ path: { tenantId: tenant.id } }) });
      onClose();
    } catch {
      // shown below
    }
  };
  return (
    <Modal opened={opened} onClose={onClose} title={intl.formatMessage(m.voidTitle)}>
      <Stack>
        <Text>{intl.formatMessage(m.voidText)}</Text>
        <Textarea label={intl.formatMessage(m.reason)} value={reason} onChange={(event) => setReason(event.currentTarget.value)} maxLength={500} />
        {mutation.error ? saleErrorText(intl, mutation.error) ? <Alert color="red" role="alert">{saleErrorText(intl, mutation.error)}</Alert> : <ApiErrorAlert error={mutation.error} /> : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {intl.formatMessage(m.cancel)}
          </Button>
          <Button color="red" onClick={() => void confirm()} loading={mutation.isPending}>
            {intl.formatMessage(m.confirmVoid)}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function RefundModal({ tenant, sale, onClose }: { tenant: Tenant; sale: Sale; onClose: () => void }) {
  const intl = useIntl();
  const locale = useLocale();
  const money = useFormatMoney();
  const queryClient = useQueryClient();
  const idempotency = useIdempotencyKey();
  const methods = useQuery(listPaymentMethodsOptions({ path: { tenantId: tenant.id } }));
  const left = (line: Sale['lines'][number]) => Math.max(0, line.quantity - line.refundedQuantity);
  const [quantities, setQuantities] = useState<Record<number, number>>(() => Object.fromEntries(sale.lines.map((line) => [line.position, left(line)])));
  const [restock, setRestock] = useState<Record<number, boolean>>({});
  const [reason, setReason] = useState('');
  // The refund the server will make of these quantities, by its own rule, and the money it will accept back.
  const proposal = refundProposal(sale, quantities);
  // The money proposed follows the quantities; an amount typed holds until they change.
  const chosen = JSON.stringify(quantities);
  const [typed, setTyped] = useState<{ chosen: string; amount: number | null } | null>(null);
  const amount = typed?.chosen === chosen ? typed.amount : (proposal?.money ?? 0);
  const [methodId, setMethodId] = useState<string | null>(null);
  const mutation = useMutation(refundSaleMutation());
  const currency = sale.currency;
  const method = methodId ?? methods.data?.items.find((candidate) => candidate.active)?.id ?? null;
  const confirm = async () => {
    try {
      const lines = sale.lines.filter((line) => (quantities[line.position] ?? 0) > 0).map((line) => ({ position: line.position, quantity: quantities[line.position]!, restock: restock[line.position] === true }));
      const result = await mutation.mutateAsync({
        path: { tenantId: tenant.id, id: sale.id },
        body: { version: sale.version, ...(reason.trim() ? { reason: reason.trim() } : {}), lines, payments: amount && method ? [{ paymentMethodId: method, amount: { amount, currency } }] : [] },
        headers: { 'Idempotency-Key': idempotency.key() },
      });
      idempotency.renew();
      queryClient.setQueryData(getSaleQueryKey({ path: { tenantId: tenant.id, id: sale.id } }), { sale: result.sale });
      await queryClient.invalidateQueries({ queryKey: listPaymentTransactionsQueryKey({ path: { tenantId: tenant.id } }) });
      await queryClient.invalidateQueries({ queryKey: listSalesQueryKey({ path: { tenantId: tenant.id } }) });
      onClose();
    } catch {
      // shown below
    }
  };
  const errorText = mutation.error ? saleErrorText(intl, mutation.error) : undefined;
  const format = (value: number) => money({ amount: value, currency });
  // What the server accepts back for these lines, said before it has to refuse a typed amount.
  const bounds =
    proposal && proposal.minimum > 0
      ? proposal.minimum === proposal.money
        ? intl.formatMessage(m.refundMoneyExactly, { amount: format(proposal.money) })
        : intl.formatMessage(m.refundMoneyBetween, { minimum: format(proposal.minimum), maximum: format(proposal.money) })
      : proposal && proposal.money > 0
        ? intl.formatMessage(m.refundMoneyUpTo, { maximum: format(proposal.money) })
        : undefined;
  const given = amount ?? 0;
  const outOfBounds = !proposal
    ? undefined
    : Number.isNaN(given)
      ? intl.formatMessage(m.refundMoneyInvalid)
      : given > proposal.money
        ? intl.formatMessage(m.refundMoneyTooMuch, { maximum: format(proposal.money) })
        : given < proposal.minimum
          ? intl.formatMessage(m.refundMoneyTooLittle, { minimum: format(proposal.minimum) })
          : undefined;
  return (
    <Modal opened onClose={onClose} title={intl.formatMessage(m.refundDialog)} size="lg">
      <Stack>
        {sale.lines.map((line) => (
          <Group key={line.position} align="flex-end">
            <NumberInput
              label={intl.formatMessage(m.refundQuantity, { name: line.name })}
              min={0}
              max={left(line)}
              decimalScale={3}
              value={quantities[line.position] ?? 0}
              onChange={(value) => setQuantities((all) => ({ ...all, [line.position]: typeof value === 'number' ? value : Number(value) || 0 }))}
              w={260}
            />
            {line.kind === 'SALE_LINE_KIND_PRODUCT' && line.itemId ? (
              <Checkbox label={intl.formatMessage(m.restock)} checked={restock[line.position] === true} onChange={(event) => {
                  const { checked } = event.currentTarget;
                  setRestock((all) => ({ ...all, [line.position]: checked }));
                }} mb={8} />
            ) : null}
          </Group>
        ))}
        <Text size="sm" c="dimmed" data-testid="refund-value">
          {proposal && proposal.tax !== 0
            ? intl.formatMessage(m.refundValueTax, { amount: format(proposal.worth), tax: format(proposal.tax) })
            : intl.formatMessage(m.refundValue, { amount: format(proposal?.worth ?? 0) })}
        </Text>
        <Group align="flex-end">
          <MoneyInput
            label={intl.formatMessage(m.refundMoney)}
            value={amount}
            onChange={(value) => setTyped({ chosen, amount: value })}
            currencyCode={currency}
            currencySymbol={tenant.currencySymbol}
            locale={locale}
            w={200}
            description={bounds}
            error={outOfBounds}
          />
          <Select
            label={intl.formatMessage(m.refundMethod)}
            data={(methods.data?.items ?? []).filter((candidate) => candidate.active).map((candidate) => ({ value: candidate.id, label: candidate.name }))}
            value={method}
            onChange={setMethodId}
            allowDeselect={false}
            w={200}
          />
        </Group>
        <Textarea label={intl.formatMessage(m.reason)} value={reason} onChange={(event) => setReason(event.currentTarget.value)} maxLength={500} />
        {mutation.error ? errorText ? <Alert color="red" role="alert">{errorText}</Alert> : <ApiErrorAlert error={mutation.error} /> : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {intl.formatMessage(m.cancel)}
          </Button>
          <Button color="grape" onClick={() => void confirm()} loading={mutation.isPending} disabled={!proposal || outOfBounds !== undefined}>
            {intl.formatMessage(m.confirmRefund)}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
