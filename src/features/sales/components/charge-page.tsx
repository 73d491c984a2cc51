import { ActionIcon, Alert, Anchor, Button, Card, Group, Select, SimpleGrid, Stack, Table, Text, TextInput, Textarea, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconArrowLeft, IconPlus, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import {
  createSaleMutation,
  getAppointmentOptions,
  listInventoryItemsOptions,
  listPaymentMethodsOptions,
  listSalesOptions,
  listSalesQueryKey,
  listServicesOptions,
} from '@generated/@tanstack/react-query.gen';
import type { Appointment, Tenant } from '@generated/types.gen';
import { ApiErrorAlert } from '~/components/api-error-alert';
import { MoneyInput } from '~/components/money-input';
import { PageLoader } from '~/components/page-loader';
import { saleErrorText } from '~/entities/sale/errors';
import { localeParam } from '~/lib/locale';
import { useFormatMoney } from '~/lib/use-format-money';
import { useIdempotencyKey } from '~/lib/use-idempotency-key';
import { useLocale } from '~/lib/use-locale';
import { usePhoneWidth } from '~/lib/use-phone-width';
import { previewOf, saleInputOf, type DraftLine, type DraftPayment } from '../charge';
import { salesMessages as m } from '../messages';

/** The editable fields of a sale line and their names. */
const LINE_FIELDS = { quantity: m.quantity, unitPrice: m.unitPrice, taxRate: m.taxRate, discount: m.discountRate };

let counter = 0;
const nextKey = () => `k${(counter += 1)}`;

/**
 * Charging an appointment (its services become lines) or a walk-in sale: lines with editable price,
 * tax and discount, products from the inventory, a discount on the whole, payments over several
 * methods (cash with what was handed over and the change); what is not paid stays outstanding.
 */
export function ChargePage({ tenant, appointmentId, userId }: { tenant: Tenant; appointmentId?: string; userId?: string }) {
  const appointment = useQuery({
    ...getAppointmentOptions({ path: { tenantId: tenant.id, userId: userId ?? '', id: appointmentId ?? '' } }),
    enabled: Boolean(appointmentId && userId),
  });
  const existing = useQuery({
    ...listSalesOptions({ path: { tenantId: tenant.id }, query: { appointmentId: appointmentId ?? '', lifecycle: 'SALE_LIFECYCLE_COMPLETED', limit: 5 } }),
    enabled: Boolean(appointmentId),
  });
  const services = useQuery({ ...listServicesOptions({ path: { tenantId: tenant.id }, query: { limit: 200 } }), enabled: Boolean(appointmentId) });
  if (appointmentId && (appointment.isPending || existing.isPending || services.isPending)) return <PageLoader />;
  const live = existing.data?.items.find((sale) => sale.refundOfSaleId === null);
  const taxOf = (serviceId: string) => services.data?.items.find((service) => service.id === serviceId)?.taxPercentage ?? tenant.taxPercentage;
  return <ChargeForm key={appointment.data?.appointment.id ?? 'walk-in'} tenant={tenant} appointment={appointment.data?.appointment} liveSaleId={live?.id} taxOf={taxOf} />;
}

function linesOf(appointment: Appointment | undefined, taxOf: (id: string) => number): DraftLine[] {
  return (appointment?.services ?? []).map((service) => ({
    key: nextKey(),
    kind: 'SALE_LINE_KIND_SERVICE',
    itemId: service.id,
    name: service.name,
    quantity: '1',
    unitPrice: service.price.amount,
    taxPercentage: String(taxOf(service.id)),
    discountPercentage: '0',
  }));
}

function ChargeForm({ tenant, appointment, liveSaleId, taxOf }: { tenant: Tenant; appointment?: Appointment; liveSaleId?: string; taxOf: (id: string) => number }) {
  const intl = useIntl();
  const locale = useLocale();
  const money = useFormatMoney();
  const phone = usePhoneWidth();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const currency = tenant.currency.currencyCode;
  // The business's price mode: a US till adds sales tax on top of the prices (issue 17).
  const pricesIncludeTax = tenant.pricesIncludeTax ?? true;
  const [saleId] = useState(() => crypto.randomUUID());
  const idempotency = useIdempotencyKey();
  const [lines, setLines] = useState<DraftLine[]>(() => linesOf(appointment, taxOf));
  const [discount, setDiscount] = useState('0');
  const [notes, setNotes] = useState('');
  const [payments, setPayments] = useState<DraftPayment[]>([]);
  const [productSearch, setProductSearch] = useState('');
  const [search] = useDebouncedValue(productSearch.trim(), 250);
  const methods = useQuery(listPaymentMethodsOptions({ path: { tenantId: tenant.id } }));
  const activeMethods = (methods.data?.items ?? []).filter((method) => method.active);
  const products = useQuery(listInventoryItemsOptions({ path: { tenantId: tenant.id }, query: { limit: 20, active: true, ...(search ? { q: search } : {}) } }));
  const create = useMutation(createSaleMutation());
  const preview = useMemo(() => previewOf(lines, currency, discount, pricesIncludeTax), [lines, currency, discount, pricesIncludeTax]);
  const total = preview?.totals.total ?? 0;
  const paying = payments.reduce((sum, payment) => sum + (payment.amount && Number.isFinite(payment.amount) ? payment.amount : 0), 0);
  const customerName = appointment ? [appointment.customer?.name, appointment.customer?.lastName].filter(Boolean).join(' ') : '';

  const setLine = (key: string, change: Partial<DraftLine>) => setLines((all) => all.map((line) => (line.key === key ? { ...line, ...change } : line)));
  const setPayment = (key: string, change: Partial<DraftPayment>) => setPayments((all) => all.map((payment) => (payment.key === key ? { ...payment, ...change } : payment)));
  const addProduct = (id: string | null) => {
    const item = products.data?.items.find((candidate) => candidate.id === id);
    if (!item) return;
    setLines((all) => [
      ...all,
      { key: nextKey(), kind: 'SALE_LINE_KIND_PRODUCT', itemId: item.id, name: item.name, quantity: '1', unitPrice: item.price?.amount ?? 0, taxPercentage: String(item.taxPercentage), discountPercentage: '0', stock: item.quantity },
    ]);
    setProductSearch('');
  };
  const addPayment = () => {
    const left = Math.max(0, total - paying);
    const first = activeMethods.find((method) => !payments.some((payment) => payment.paymentMethodId === method.id)) ?? activeMethods[0];
    setPayments((all) => [...all, { key: nextKey(), paymentMethodId: first?.id ?? null, amount: left || null, tip: null, tendered: null }]);
  };

  const submit = async () => {
    try {
      const { sale } = await create.mutateAsync({
        path: { tenantId: tenant.id, id: saleId },
        body: { sale: saleInputOf({ appointmentId: appointment?.id, ...(appointment && customerName ? { customer: { ...(appointment.customer?.id ? { customerId: appointment.customer.id } : {}), name: customerName } } : {}), lines, discount, payments, notes }, currency) },
        headers: { 'Idempotency-Key': idempotency.key() },
      });
      idempotency.renew();
      await queryClient.invalidateQueries({ queryKey: listSalesQueryKey({ path: { tenantId: tenant.id } }) });
      await navigate({ to: '/{-$locale}/sales/$id', params: { locale: localeParam(locale), id: sale.id } });
    } catch {
      // Shown below from the mutation's error.
    }
  };

  const back = appointment ? (
    <Anchor size="sm" renderRoot={(props) => <Link {...props} to="/{-$locale}/appointments/$id" params={{ locale: localeParam(locale), id: appointment.id }} search={{ userId: appointment.userId }} />}>
      <Group gap={4}>
        <IconArrowLeft size={14} aria-hidden />
        {intl.formatMessage(m.appointment)}
      </Group>
    </Anchor>
  ) : (
    <Anchor size="sm" renderRoot={(props) => <Link {...props} to="/{-$locale}/sales" params={{ locale: localeParam(locale) }} />}>
      <Group gap={4}>
        <IconArrowLeft size={14} aria-hidden />
        {intl.formatMessage(m.back)}
      </Group>
    </Anchor>
  );

  if (liveSaleId) {
    return (
      <Stack gap="md" maw={720}>
        {back}
        <Title order={1}>{intl.formatMessage(m.chargeTitle)}</Title>
        <Alert color="blue">
          <Stack gap="xs">
            <Text>{intl.formatMessage(m.existing)}</Text>
            <Anchor renderRoot={(props) => <Link {...props} to="/{-$locale}/sales/$id" params={{ locale: localeParam(locale), id: liveSaleId }} />}>{intl.formatMessage(m.viewSale)}</Anchor>
          </Stack>
        </Alert>
      </Stack>
    );
  }

  const errorText = create.error ? saleErrorText(intl, create.error) : undefined;
  // A line's fields, in the table's cells or (on a phone, `labelled`) in the line's block with their
  // labels shown. Their names say which line they belong to either way.
  const lineFields = (line: DraftLine, index: number, labelled: boolean) => {
    const names = (field: keyof typeof LINE_FIELDS) => {
      const label = intl.formatMessage(LINE_FIELDS[field]);
      return { label: labelled ? label : undefined, 'aria-label': intl.formatMessage(m.lineField, { field: label, name: line.name }) };
    };
    return {
      quantity: <TextInput {...names('quantity')} inputMode="decimal" value={line.quantity} onChange={(event) => setLine(line.key, { quantity: event.currentTarget.value })} />,
      unitPrice: <MoneyInput {...names('unitPrice')} value={line.unitPrice} onChange={(value) => setLine(line.key, { unitPrice: value })} currencyCode={currency} currencySymbol={tenant.currencySymbol} locale={locale} />,
      taxRate: <TextInput {...names('taxRate')} inputMode="decimal" value={line.taxPercentage} onChange={(event) => setLine(line.key, { taxPercentage: event.currentTarget.value })} />,
      discount: <TextInput {...names('discount')} inputMode="decimal" value={line.discountPercentage} onChange={(event) => setLine(line.key, { discountPercentage: event.currentTarget.value })} />,
      total: preview ? money({ amount: preview.lines[index]!.total, currency }) : '',
      remove: (
        <ActionIcon variant="subtle" color="red" aria-label={intl.formatMessage(m.removeLine, { name: line.name })} onClick={() => setLines((all) => all.filter((other) => other.key !== line.key))}>
          <IconTrash size={16} aria-hidden />
        </ActionIcon>
      ),
    };
  };
  return (
    <Stack gap="lg" maw={1000}>
      <Stack gap={4}>
        {back}
        <Title order={1}>{appointment ? intl.formatMessage(m.chargeTitle) : intl.formatMessage(m.walkInTitle)}</Title>
        {appointment ? <Text c="dimmed">{intl.formatMessage(m.chargeFor, { name: customerName })}</Text> : null}
      </Stack>

      <Card withBorder component="section" aria-labelledby="charge-lines">
        <Title order={2} size="h4" id="charge-lines" mb="sm">
          {intl.formatMessage(m.lines)}
        </Title>
        {phone ? (
          // On a phone each line is a block of its own (the table is wider than the screen).
          <Stack gap="sm">
            {lines.map((line, index) => {
              const f = lineFields(line, index, true);
              return (
                <Card key={line.key} withBorder padding="sm" data-testid="charge-line" component="section" aria-label={line.name}>
                  <Group justify="space-between" wrap="nowrap" mb="xs">
                    <Text fw={600}>{line.name}</Text>
                    {f.remove}
                  </Group>
                  <SimpleGrid cols={2} spacing="xs">
                    {f.quantity}
                    {f.unitPrice}
                    {f.taxRate}
                    {f.discount}
                  </SimpleGrid>
                  <Group justify="space-between" mt="xs">
                    <Text size="sm" c="dimmed">
                      {intl.formatMessage(m.lineTotal)}
                    </Text>
                    <Text fw={600}>{f.total}</Text>
                  </Group>
                </Card>
              );
            })}
          </Stack>
        ) : (
          <Table.ScrollContainer minWidth={720}>
            <Table verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{intl.formatMessage(m.item)}</Table.Th>
                  <Table.Th w={90}>{intl.formatMessage(m.quantity)}</Table.Th>
                  <Table.Th w={150}>{intl.formatMessage(m.unitPrice)}</Table.Th>
                  <Table.Th w={90}>{intl.formatMessage(m.taxRate)}</Table.Th>
                  <Table.Th w={100}>{intl.formatMessage(m.discountRate)}</Table.Th>
                  <Table.Th ta="right">{intl.formatMessage(m.lineTotal)}</Table.Th>
                  <Table.Th w={40} />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {lines.map((line, index) => {
                  const f = lineFields(line, index, false);
                  return (
                    <Table.Tr key={line.key} data-testid="charge-line">
                      <Table.Td>{line.name}</Table.Td>
                      <Table.Td>{f.quantity}</Table.Td>
                      <Table.Td>{f.unitPrice}</Table.Td>
                      <Table.Td>{f.taxRate}</Table.Td>
                      <Table.Td>{f.discount}</Table.Td>
                      <Table.Td ta="right">{f.total}</Table.Td>
                      <Table.Td>{f.remove}</Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {lines.length === 0 ? <Text c="dimmed">{intl.formatMessage(m.noLines)}</Text> : null}
        <Group align="flex-end" mt="sm">
          <Select
            label={intl.formatMessage(m.addProduct)}
            placeholder={intl.formatMessage(m.addProductPlaceholder)}
            searchable
            searchValue={productSearch}
            onSearchChange={setProductSearch}
            filter={({ options }) => options}
            data={(products.data?.items ?? []).map((item) => ({ value: item.id, label: intl.formatMessage(m.inStock, { name: item.name, quantity: item.quantity }) }))}
            value={null}
            onChange={addProduct}
            w={360}
            nothingFoundMessage="—"
          />
          <TextInput label={intl.formatMessage(m.wholeDiscount)} inputMode="decimal" value={discount} onChange={(event) => setDiscount(event.currentTarget.value)} w={220} />
        </Group>
      </Card>

      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Card withBorder component="section" aria-labelledby="charge-payments">
          <Title order={2} size="h4" id="charge-payments" mb="sm">
            {intl.formatMessage(m.payments)}
          </Title>
          <Stack gap="sm">
            {payments.map((payment, index) => {
              const method = activeMethods.find((candidate) => candidate.id === payment.paymentMethodId);
              const isCash = method?.kind === 'PAYMENT_METHOD_KIND_CASH';
              const change = isCash && payment.tendered && payment.amount ? payment.tendered - payment.amount - (payment.tip ?? 0) : null;
              return (
                <Card key={payment.key} withBorder padding="xs" data-testid="charge-payment">
                  <Group align="flex-end" gap="xs" wrap="wrap">
                    <Select
                      label={intl.formatMessage(m.method)}
                      data={activeMethods.map((candidate) => ({ value: candidate.id, label: candidate.name }))}
                      value={payment.paymentMethodId}
                      onChange={(value) => setPayment(payment.key, { paymentMethodId: value })}
                      allowDeselect={false}
                      w={150}
                    />
                    <MoneyInput label={intl.formatMessage(m.paymentAmount, { number: index + 1 })} value={payment.amount} onChange={(value) => setPayment(payment.key, { amount: value })} currencyCode={currency} currencySymbol={tenant.currencySymbol} locale={locale} w={150} />
                    <MoneyInput label={intl.formatMessage(m.tip)} value={payment.tip} onChange={(value) => setPayment(payment.key, { tip: value })} currencyCode={currency} currencySymbol={tenant.currencySymbol} locale={locale} w={130} />
                    {isCash ? (
                      <MoneyInput label={intl.formatMessage(m.tendered)} value={payment.tendered} onChange={(value) => setPayment(payment.key, { tendered: value })} currencyCode={currency} currencySymbol={tenant.currencySymbol} locale={locale} w={150} />
                    ) : null}
                    <ActionIcon variant="subtle" color="red" aria-label={intl.formatMessage(m.removePayment)} onClick={() => setPayments((all) => all.filter((other) => other.key !== payment.key))} mb={4}>
                      <IconTrash size={16} aria-hidden />
                    </ActionIcon>
                  </Group>
                  {change !== null && change >= 0 ? (
                    <Text size="sm" mt={4} data-testid="charge-change">
                      {intl.formatMessage(m.change, { amount: money({ amount: change, currency }) })}
                    </Text>
                  ) : null}
                </Card>
              );
            })}
            <Button variant="light" leftSection={<IconPlus size={16} aria-hidden />} onClick={addPayment} disabled={activeMethods.length === 0}>
              {intl.formatMessage(m.addPayment)}
            </Button>
            <Textarea label={intl.formatMessage(m.notes)} value={notes} onChange={(event) => setNotes(event.currentTarget.value)} autosize minRows={1} maxLength={1000} />
          </Stack>
        </Card>

        <Card withBorder component="section" aria-labelledby="charge-summary">
          <Title order={2} size="h4" id="charge-summary" mb="sm">
            {intl.formatMessage(m.total)}
          </Title>
          {preview ? (
            <Stack gap={4}>
              {preview.breakdown.map((entry) => (
                <Group key={entry.rateMilliPercent} justify="space-between">
                  <Text size="sm">
                    {intl.formatMessage(m.rateBase, { rate: entry.taxPercentage, base: money({ amount: entry.base, currency }) })}
                  </Text>
                  <Text size="sm">{money({ amount: entry.tax, currency })}</Text>
                </Group>
              ))}
              {preview.totals.discount ? (
                <Group justify="space-between">
                  <Text size="sm">{intl.formatMessage(m.discount)}</Text>
                  <Text size="sm">{intl.formatMessage(m.minus, { amount: money({ amount: preview.totals.discount, currency }) })}</Text>
                </Group>
              ) : null}
              {pricesIncludeTax ? null : (
                <>
                  <Group justify="space-between">
                    <Text size="sm">{intl.formatMessage(m.subtotal)}</Text>
                    <Text size="sm" data-testid="charge-subtotal">{money({ amount: preview.totals.subtotal, currency })}</Text>
                  </Group>
                  <Group justify="space-between">
                    <Text size="sm">{intl.formatMessage(m.tax)}</Text>
                    <Text size="sm" data-testid="charge-tax">{money({ amount: preview.totals.tax, currency })}</Text>
                  </Group>
                </>
              )}
              <Group justify="space-between">
                <Text fw={700}>{intl.formatMessage(m.total)}</Text>
                <Text fw={700} data-testid="charge-total">
                  {money({ amount: total, currency })}
                </Text>
              </Group>
              {pricesIncludeTax ? (
                <Text size="sm" c="dimmed" ta="right" data-testid="charge-tax">
                  {intl.formatMessage(m.inclTax, { amount: money({ amount: preview.totals.tax, currency }) })}
                </Text>
              ) : null}
              <Text size="sm" c="dimmed" data-testid="charge-left">
                {intl.formatMessage(m.left, { amount: money({ amount: Math.max(0, total - paying), currency }) })}
              </Text>
            </Stack>
          ) : (
            <Text c="dimmed">{intl.formatMessage(m.noLines)}</Text>
          )}
          {create.error ? <Stack mt="sm">{errorText ? <Alert color="red" role="alert">{errorText}</Alert> : <ApiErrorAlert error={create.error} />}</Stack> : null}
          <Button mt="md" fullWidth size="md" onClick={() => void submit()} loading={create.isPending} disabled={!preview || lines.length === 0}>
            {intl.formatMessage(m.submit, { amount: money({ amount: total, currency }) })}
          </Button>
        </Card>
      </SimpleGrid>
    </Stack>
  );
}
