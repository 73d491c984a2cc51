import { Alert, Anchor, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useIntl } from 'react-intl';
import { changePaymentTransactionStatusMutation, getPaymentTransactionOptions, getPaymentTransactionQueryKey, getSaleQueryKey } from '@generated/@tanstack/react-query.gen';
import type { PaymentTransaction, Tenant } from '@generated/types.gen';
import { ApiErrorAlert } from '~/components/api-error-alert';
import { QueryState } from '~/components/query-state';
import { paymentTransactionKind } from '~/entities/payment-transaction/kind';
import { paymentTransactionStatus } from '~/entities/payment-transaction/status';
import { saleErrorText } from '~/entities/sale/errors';
import { formatStatus } from '~/entities/status';
import { StatusBadge } from '~/entities/status-badge';
import { formatTimestamp } from '~/lib/format-timestamp';
import { localeParam } from '~/lib/locale';
import { useFormatMoney } from '~/lib/use-format-money';
import { useLocale } from '~/lib/use-locale';
import { transactionMessages as m } from '../messages';

/** /payment-transaction/{id}: one payment or refund; a pending one can be marked received or failed, once. */
export function PaymentTransactionPage({ tenant, id }: { tenant: Tenant; id: string }) {
  const query = useQuery(getPaymentTransactionOptions({ path: { tenantId: tenant.id, id } }));
  return <QueryState query={query}>{({ paymentTransaction }) => <TransactionView tenant={tenant} transaction={paymentTransaction} />}</QueryState>;
}

function TransactionView({ tenant, transaction: t }: { tenant: Tenant; transaction: PaymentTransaction }) {
  const intl = useIntl();
  const locale = useLocale();
  const money = useFormatMoney();
  const queryClient = useQueryClient();
  const change = useMutation(changePaymentTransactionStatusMutation());
  const move = async (status: 'PAYMENT_TRANSACTION_STATUS_COMPLETED' | 'PAYMENT_TRANSACTION_STATUS_FAILED') => {
    try {
      const result = await change.mutateAsync({ path: { tenantId: tenant.id, id: t.id }, body: { status, version: t.version } });
      queryClient.setQueryData(getPaymentTransactionQueryKey({ path: { tenantId: tenant.id, id: t.id } }), result);
      await queryClient.invalidateQueries({ queryKey: getSaleQueryKey({ path: { tenantId: tenant.id, id: t.saleId } }) });
    } catch {
      // shown below
    }
  };
  const row = (label: string, value: string) => (
    <Group justify="space-between" key={label}>
      <Text size="sm">{label}</Text>
      <Text size="sm" fw={500}>
        {value}
      </Text>
    </Group>
  );
  const errorText = change.error ? saleErrorText(intl, change.error) : undefined;
  return (
    <Stack gap="md" maw={640}>
      <Anchor size="sm" renderRoot={(props) => <Link {...props} to="/{-$locale}/sales/$id" params={{ locale: localeParam(locale), id: t.saleId }} />}>
        {intl.formatMessage(m.viewSale)}
      </Anchor>
      <Title order={1}>{intl.formatMessage(m.detailTitle, { kind: formatStatus(intl, paymentTransactionKind, t.kind), amount: money(t.amount) })}</Title>
      <Group gap="xs">
        <StatusBadge vocabulary={paymentTransactionStatus} status={t.status} variant="filled" data-testid="transaction-status" />
        <StatusBadge vocabulary={paymentTransactionKind} status={t.kind} />
      </Group>
      <Card withBorder>
        <Stack gap={4}>
          {row(intl.formatMessage(m.when), formatTimestamp(t.paidAt ?? t.createdAt, locale, tenant.timeZone))}
          {row(intl.formatMessage(m.method), t.paymentMethodName ?? '')}
          {row(intl.formatMessage(m.amount), money(t.amount))}
          {t.tipAmount.amount ? row(intl.formatMessage(m.tip), money(t.tipAmount)) : null}
          {t.tendered ? row(intl.formatMessage(m.tendered), money(t.tendered)) : null}
          {t.change ? row(intl.formatMessage(m.change, { amount: '' }).replace(/[:\s]+$/, ''), money(t.change)) : null}
          {row(intl.formatMessage(m.commission, { rate: t.commissionPercentage }), money(t.commission))}
          {t.refundedAmount.amount ? row(intl.formatMessage(m.refundedOfIt), money(t.refundedAmount)) : null}
          {t.refundOfTransactionId ? (
            <Anchor size="sm" renderRoot={(props) => <Link {...props} to="/{-$locale}/payment-transaction/$id" params={{ locale: localeParam(locale), id: t.refundOfTransactionId! }} />}>
              {intl.formatMessage(m.refundOf)}
            </Anchor>
          ) : null}
          {t.notes ? row(intl.formatMessage(m.notes), t.notes) : null}
        </Stack>
      </Card>
      {change.error ? errorText ? <Alert color="red" role="alert">{errorText}</Alert> : <ApiErrorAlert error={change.error} /> : null}
      {t.status === 'PAYMENT_TRANSACTION_STATUS_PENDING' ? (
        <Group>
          <Button onClick={() => void move('PAYMENT_TRANSACTION_STATUS_COMPLETED')} loading={change.isPending}>
            {intl.formatMessage(m.complete)}
          </Button>
          <Button variant="light" color="red" onClick={() => void move('PAYMENT_TRANSACTION_STATUS_FAILED')} loading={change.isPending}>
            {intl.formatMessage(m.fail)}
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}
