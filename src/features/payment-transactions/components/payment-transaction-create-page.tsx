import { Alert, Button, Checkbox, Group, Select, Stack, Text, Textarea, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import {
  createPaymentTransactionMutation,
  getSaleOptions,
  getSaleQueryKey,
  listPaymentMethodsOptions,
  listPaymentTransactionsQueryKey,
  listSalesOptions,
  listSalesQueryKey,
} from '@generated/@tanstack/react-query.gen';
import type { Sale, Tenant } from '@generated/types.gen';
import type { ReferenceOperationType } from '../reference-search';
import { ApiErrorAlert } from '~/components/api-error-alert';
import { MoneyInput } from '~/components/money-input';
import { PageLoader } from '~/components/page-loader';
import { saleErrorText } from '~/entities/sale/errors';
import { localeParam } from '~/lib/locale';
import { useFormatMoney } from '~/lib/use-format-money';
import { useIdempotencyKey } from '~/lib/use-idempotency-key';
import { useLocale } from '~/lib/use-locale';
import { transactionMessages as m } from '../messages';

/** /payment-transaction/create?referenceId&operationType: a payment towards what is left of a sale (cash with change; pending for a transfer on its way). */
export function PaymentTransactionCreatePage({ tenant, referenceId, operationType }: { tenant: Tenant; referenceId: string; operationType: ReferenceOperationType }) {
  const intl = useIntl();
  const byAppointment = useQuery({
    ...listSalesOptions({ path: { tenantId: tenant.id }, query: { appointmentId: referenceId, lifecycle: 'SALE_LIFECYCLE_COMPLETED', limit: 5 } }),
    enabled: operationType === 'OPERATION_TYPE_APPOINTMENT_SALE',
  });
  const live = byAppointment.data?.items.find((sale) => sale.refundOfSaleId === null);
  const direct = useQuery({ ...getSaleOptions({ path: { tenantId: tenant.id, id: referenceId } }), enabled: operationType !== 'OPERATION_TYPE_APPOINTMENT_SALE' || (byAppointment.isSuccess && !live), retry: false });
  if (byAppointment.isLoading || direct.isLoading) return <PageLoader />;
  const sale = live ?? direct.data?.sale;
  if (!sale) {
    return (
      <Stack maw={600}>
        <Title order={1}>{intl.formatMessage(m.createTitle)}</Title>
        <Alert color="yellow">{intl.formatMessage(m.noSale)}</Alert>
      </Stack>
    );
  }
  return <PaymentForm tenant={tenant} sale={sale} referenceId={referenceId} operationType={operationType} />;
}

function PaymentForm({ tenant, sale, referenceId, operationType }: { tenant: Tenant; sale: Sale; referenceId: string; operationType: ReferenceOperationType }) {
  const intl = useIntl();
  const locale = useLocale();
  const money = useFormatMoney();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const idempotency = useIdempotencyKey();
  const [id] = useState(() => crypto.randomUUID());
  const methods = useQuery(listPaymentMethodsOptions({ path: { tenantId: tenant.id } }));
  const active = (methods.data?.items ?? []).filter((method) => method.active);
  const [methodId, setMethodId] = useState<string | null>(null);
  const [amount, setAmount] = useState<number | null>(sale.outstandingAmount.amount || null);
  const [tip, setTip] = useState<number | null>(null);
  const [tendered, setTendered] = useState<number | null>(null);
  const [pending, setPending] = useState(false);
  const [notes, setNotes] = useState('');
  const create = useMutation(createPaymentTransactionMutation());
  const method = active.find((candidate) => candidate.id === (methodId ?? active.find((m2) => m2.isDefault)?.id ?? active[0]?.id));
  const isCash = method?.kind === 'PAYMENT_METHOD_KIND_CASH';
  const currency = sale.currency;
  const change = isCash && tendered && amount ? tendered - amount - (tip ?? 0) : null;
  const submit = async () => {
    if (!method || !amount) return;
    try {
      await create.mutateAsync({
        path: { tenantId: tenant.id, id },
        body: {
          paymentTransaction: {
            referenceId: sale.id,
            operationType: sale.operationType,
            amount: { amount, currency },
            paymentMethodId: method.id,
            ...(tip ? { tipAmount: { amount: tip, currency } } : {}),
            ...(isCash && tendered ? { tendered: { amount: tendered, currency } } : {}),
            ...(pending ? { status: 'PAYMENT_TRANSACTION_STATUS_PENDING' as const } : {}),
            ...(notes.trim() ? { notes: notes.trim() } : {}),
          },
        },
        headers: { 'Idempotency-Key': idempotency.key() },
      });
      idempotency.renew();
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: getSaleQueryKey({ path: { tenantId: tenant.id, id: sale.id } }) }),
        queryClient.invalidateQueries({ queryKey: listPaymentTransactionsQueryKey({ path: { tenantId: tenant.id } }) }),
        queryClient.invalidateQueries({ queryKey: listSalesQueryKey({ path: { tenantId: tenant.id } }) }),
      ]);
      await navigate({ to: '/{-$locale}/payment-transactions', params: { locale: localeParam(locale) }, search: { referenceId, operationType } });
    } catch {
      // shown below
    }
  };
  const errorText = create.error ? saleErrorText(intl, create.error) : undefined;
  return (
    <Stack gap="md" maw={600}>
      <Title order={1}>{intl.formatMessage(m.createTitle)}</Title>
      <Text>{intl.formatMessage(m.outstanding, { amount: money(sale.outstandingAmount) })}</Text>
      <Select
        label={intl.formatMessage(m.method)}
        data={active.map((candidate) => ({ value: candidate.id, label: candidate.name }))}
        value={method?.id ?? null}
        onChange={setMethodId}
        allowDeselect={false}
      />
      <MoneyInput label={intl.formatMessage(m.amount)} value={amount} onChange={setAmount} currencyCode={currency} currencySymbol={tenant.currencySymbol} locale={locale} required />
      <MoneyInput label={intl.formatMessage(m.tip)} value={tip} onChange={setTip} currencyCode={currency} currencySymbol={tenant.currencySymbol} locale={locale} />
      {isCash ? <MoneyInput label={intl.formatMessage(m.tendered)} value={tendered} onChange={setTendered} currencyCode={currency} currencySymbol={tenant.currencySymbol} locale={locale} /> : null}
      {change !== null && change >= 0 ? <Text>{intl.formatMessage(m.change, { amount: money({ amount: change, currency }) })}</Text> : null}
      <Checkbox label={intl.formatMessage(m.pending)} checked={pending} onChange={(event) => setPending(event.currentTarget.checked)} />
      <Textarea label={intl.formatMessage(m.notes)} value={notes} onChange={(event) => setNotes(event.currentTarget.value)} maxLength={500} />
      {create.error ? errorText ? <Alert color="red" role="alert">{errorText}</Alert> : <ApiErrorAlert error={create.error} /> : null}
      <Group>
        <Button onClick={() => void submit()} loading={create.isPending} disabled={!method || !amount}>
          {intl.formatMessage(m.save)}
        </Button>
      </Group>
    </Stack>
  );
}
