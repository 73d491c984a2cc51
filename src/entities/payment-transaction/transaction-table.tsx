import { Anchor, Table, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { FormattedMessage, useIntl } from 'react-intl';
import type { PaymentTransaction } from '@generated/types.gen';
import { ListTable } from '~/components/list-table';
import { formatTimestamp } from '~/lib/format-timestamp';
import { localeParam } from '~/lib/locale';
import { useFormatMoney } from '~/lib/use-format-money';
import { useLocale } from '~/lib/use-locale';
import { StatusBadge } from '../status-badge';
import { paymentTransactionKind } from './kind';
import { paymentTransactionStatus } from './status';

/** Payments and refunds as a table: when, kind, method, status and amount (tip and change under it), each linking to its page. */
export function TransactionTable({ items, timeZone, label }: { items: PaymentTransaction[]; timeZone: string; label: string }) {
  const intl = useIntl();
  const locale = useLocale();
  const money = useFormatMoney();
  return (
    <ListTable
      minWidth={560}
      dense
      label={label}
      columns={[
        { label: intl.formatMessage({ id: 'paymentTransactions.table.date', defaultMessage: 'When' }) },
        { label: intl.formatMessage({ id: 'paymentTransactions.table.kind', defaultMessage: 'Kind' }) },
        { label: intl.formatMessage({ id: 'paymentTransactions.table.method', defaultMessage: 'Method' }) },
        { label: intl.formatMessage({ id: 'paymentTransactions.table.status', defaultMessage: 'Status' }) },
        { label: intl.formatMessage({ id: 'paymentTransactions.table.amount', defaultMessage: 'Amount' }), align: 'right' },
      ]}
    >
      {items.map((t) => (
        <Table.Tr key={t.id} data-testid="payment-transaction-row">
          <Table.Td>
            <Anchor renderRoot={(props) => <Link {...props} to="/{-$locale}/payment-transaction/$id" params={{ locale: localeParam(locale), id: t.id }} />}>
              {formatTimestamp(t.paidAt ?? t.createdAt, locale, timeZone)}
            </Anchor>
          </Table.Td>
          <Table.Td>
            <StatusBadge vocabulary={paymentTransactionKind} status={t.kind} />
          </Table.Td>
          <Table.Td>{t.paymentMethodName ?? ''}</Table.Td>
          <Table.Td>
            <StatusBadge vocabulary={paymentTransactionStatus} status={t.status} />
          </Table.Td>
          <Table.Td ta="right">
            <Text span fw={500}>
              {t.kind === 'PAYMENT_TRANSACTION_KIND_REFUND' ? <FormattedMessage id="paymentTransactions.table.refundAmount" defaultMessage="−{amount}" values={{ amount: money(t.amount) }} /> : money(t.amount)}
            </Text>
            {t.tipAmount.amount > 0 ? (
              <Text size="xs" c="dimmed">
                <FormattedMessage id="paymentTransactions.table.tip" defaultMessage="+ {tip} tip" values={{ tip: money(t.tipAmount) }} />
              </Text>
            ) : null}
            {t.change ? (
              <Text size="xs" c="dimmed">
                <FormattedMessage id="paymentTransactions.table.change" defaultMessage="{change} change" values={{ change: money(t.change) }} />
              </Text>
            ) : null}
          </Table.Td>
        </Table.Tr>
      ))}
    </ListTable>
  );
}
