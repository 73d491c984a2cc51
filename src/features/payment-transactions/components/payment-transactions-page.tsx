import { Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconCash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useIntl } from 'react-intl';
import { listPaymentTransactionsOptions } from '@generated/@tanstack/react-query.gen';
import type { Tenant } from '@generated/types.gen';
import type { ReferenceOperationType } from '../reference-search';
import { QueryState } from '~/components/query-state';
import { TransactionTable } from '~/entities/payment-transaction/transaction-table';
import { localeParam } from '~/lib/locale';
import { useFormatMoney } from '~/lib/use-format-money';
import { useLocale } from '~/lib/use-locale';
import { transactionMessages as m } from '../messages';

/** /payment-transactions?referenceId&operationType (SPEC §2): the payments and refunds of an appointment's sale or of a sale. */
export function PaymentTransactionsPage({ tenant, referenceId, operationType }: { tenant: Tenant; referenceId: string; operationType: ReferenceOperationType }) {
  const intl = useIntl();
  const locale = useLocale();
  const money = useFormatMoney();
  const list = useQuery(listPaymentTransactionsOptions({ path: { tenantId: tenant.id }, query: { referenceId, operationType, limit: 200 } }));
  const saleId = list.data?.items[0]?.saleId ?? (operationType === 'OPERATION_TYPE_PRODUCT_SALE' ? referenceId : undefined);
  return (
    <Stack gap="lg" maw={900}>
      <Group justify="space-between" align="flex-end">
        <Stack gap={4}>
          <Title order={1}>{intl.formatMessage(m.title)}</Title>
          <Text c="dimmed">{intl.formatMessage(m.intro)}</Text>
          {saleId ? (
            <Anchor size="sm" renderRoot={(props) => <Link {...props} to="/{-$locale}/sales/$id" params={{ locale: localeParam(locale), id: saleId }} />}>
              {intl.formatMessage(m.viewSale)}
            </Anchor>
          ) : null}
        </Stack>
        <Button
          leftSection={<IconCash size={16} aria-hidden />}
          renderRoot={(props) => <Link {...props} to="/{-$locale}/payment-transaction/create" params={{ locale: localeParam(locale) }} search={{ referenceId, operationType }} />}
        >
          {intl.formatMessage(m.create)}
        </Button>
      </Group>
      <QueryState query={list}>
        {(data) => (
          <Stack gap="sm">
            <Group gap="lg">
              <Text fw={600} data-testid="paid-total">
                {intl.formatMessage(m.paidTotal, { amount: money(data.paidTotal) })}
              </Text>
              <Text c="dimmed">{intl.formatMessage(m.refundedTotal, { amount: money(data.refundedTotal) })}</Text>
            </Group>
            {data.items.length === 0 ? <Text c="dimmed">{intl.formatMessage(m.empty)}</Text> : <TransactionTable items={data.items} timeZone={tenant.timeZone} label={intl.formatMessage(m.title)} />}
          </Stack>
        )}
      </QueryState>
    </Stack>
  );
}
