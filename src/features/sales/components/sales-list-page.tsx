import { Anchor, Button, Card, Group, Pagination, Select, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconCalculator, IconPlus, IconReceipt, IconSearch } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { listPaymentMethodsOptions, listSalesOptions, listTeamMembersOptions } from '@generated/@tanstack/react-query.gen';
import type { SaleSort, SaleStatus, Tenant } from '@generated/types.gen';
import { EmptyState } from '~/components/empty-state';
import { Figure } from '~/components/figure';
import { ListTable } from '~/components/list-table';
import { QueryState } from '~/components/query-state';
import { saleLifecycle, salePaymentStatus } from '~/entities/sale/status';
import { StatusBadge } from '~/entities/status-badge';
import { formatStatus } from '~/entities/status';
import { formatTimestamp } from '~/lib/format-timestamp';
import { localeParam } from '~/lib/locale';
import { today } from '~/lib/temporal';
import { useFormatMoney } from '~/lib/use-format-money';
import { useLocale } from '~/lib/use-locale';
import { salesMessages as m } from '../messages';
import { CustomerFilter } from './customer-filter';

export const SALES_PAGE_SIZE = 25;
const STATUSES: SaleStatus[] = ['SALE_STATUS_UNPAID', 'SALE_STATUS_PARTIALLY_PAID', 'SALE_STATUS_PAID', 'SALE_STATUS_PARTIALLY_REFUNDED', 'SALE_STATUS_REFUNDED'];
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** /sales (?customerId): the sales of a period with filters (dates, payment status, method, team member, customer), search, sort, pages and the totals of the filter. */
export function SalesListPage({ tenant, customerId }: { tenant: Tenant; customerId?: string | undefined }) {
  const intl = useIntl();
  const locale = useLocale();
  const money = useFormatMoney();
  const [q, setQ] = useState('');
  const [search] = useDebouncedValue(q.trim(), 300);
  // The month so far, in the business's time zone: what a till's owner looks at, and totals over a
  // month's sales instead of every sale ever (80,000 of them in a busy salon's third year). A customer's
  // sales (from their page) are their whole history. Clearing "From" shows every sale.
  const [startDate, setStartDate] = useState(() => (customerId ? '' : today(tenant.timeZone).with({ day: 1 }).toString()));
  const [endDate, setEndDate] = useState('');
  const [status, setStatus] = useState<SaleStatus | null>(null);
  const [method, setMethod] = useState<string | null>(null);
  const [member, setMember] = useState<string | null>(null);
  const [customer, setCustomer] = useState<string | null>(customerId ?? null);
  const [sort, setSort] = useState<SaleSort>('-soldAt');
  const [page, setPage] = useState(1);
  const methods = useQuery(listPaymentMethodsOptions({ path: { tenantId: tenant.id } }));
  const team = useQuery(listTeamMembersOptions({ path: { tenantId: tenant.id }, query: { limit: 200 } }));
  const query = {
    limit: SALES_PAGE_SIZE,
    offset: (page - 1) * SALES_PAGE_SIZE,
    sort,
    ...(search ? { q: search } : {}),
    ...(DATE.test(startDate) ? { startDate } : {}),
    ...(DATE.test(endDate) ? { endDate } : {}),
    ...(status ? { status } : {}),
    ...(method ? { paymentMethodId: method } : {}),
    ...(member ? { userId: member } : {}),
    ...(customer ? { customerId: customer } : {}),
  };
  const sales = useQuery({ ...listSalesOptions({ path: { tenantId: tenant.id }, query }), placeholderData: keepPreviousData });
  const reset = <T,>(set: (value: T) => void) => (value: T) => {
    set(value);
    setPage(1);
  };
  const to = (path: '/{-$locale}/sales/new' | '/{-$locale}/sales/cash-up') => (props: object) => <Link {...props} to={path} params={{ locale: localeParam(locale) }} />;

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <Stack gap={4}>
          <Title order={1}>{intl.formatMessage(m.title)}</Title>
          <Text c="dimmed">{intl.formatMessage(m.intro)}</Text>
        </Stack>
        <Group gap="sm">
          <Button variant="default" leftSection={<IconCalculator size={16} aria-hidden />} renderRoot={to('/{-$locale}/sales/cash-up')}>
            {intl.formatMessage(m.cashUp)}
          </Button>
          <Button leftSection={<IconPlus size={16} aria-hidden />} renderRoot={to('/{-$locale}/sales/new')}>
            {intl.formatMessage(m.newSale)}
          </Button>
        </Group>
      </Group>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput
          label={intl.formatMessage(m.search)}
          placeholder={intl.formatMessage(m.searchPlaceholder)}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={q}
          onChange={(event) => reset(setQ)(event.currentTarget.value)}
          miw={220}
        />
        <TextInput type="date" label={intl.formatMessage(m.from)} value={startDate} onChange={(event) => reset(setStartDate)(event.currentTarget.value)} />
        <TextInput type="date" label={intl.formatMessage(m.to)} value={endDate} onChange={(event) => reset(setEndDate)(event.currentTarget.value)} />
        <Select
          label={intl.formatMessage(m.status)}
          placeholder={intl.formatMessage(m.any)}
          clearable
          data={STATUSES.map((value) => ({ value, label: formatStatus(intl, salePaymentStatus, value) }))}
          value={status}
          onChange={(value) => reset(setStatus)(value as SaleStatus | null)}
          w={190}
        />
        <Select
          label={intl.formatMessage(m.method)}
          placeholder={intl.formatMessage(m.any)}
          clearable
          data={(methods.data?.items ?? []).map((item) => ({ value: item.id, label: item.name }))}
          value={method}
          onChange={reset(setMethod)}
          w={180}
        />
        <Select
          label={intl.formatMessage(m.member)}
          placeholder={intl.formatMessage(m.any)}
          clearable
          data={(team.data?.items ?? []).map((person) => ({ value: person.userId, label: [person.name, person.lastName].filter(Boolean).join(' ') || person.email }))}
          value={member}
          onChange={reset(setMember)}
          w={190}
        />
        <CustomerFilter tenantId={tenant.id} value={customer} onChange={reset(setCustomer)} />
        <Select
          label={intl.formatMessage(m.sort)}
          data={[
            { value: '-soldAt', label: intl.formatMessage(m.sortNewest) },
            { value: 'soldAt', label: intl.formatMessage(m.sortOldest) },
            { value: '-total', label: intl.formatMessage(m.sortHighest) },
            { value: 'total', label: intl.formatMessage(m.sortLowest) },
          ]}
          value={sort}
          onChange={(value) => reset(setSort)((value as SaleSort | null) ?? '-soldAt')}
          allowDeselect={false}
          w={170}
        />
      </Group>
      <QueryState query={sales}>
        {(list) => (
          <Stack gap="md">
            <Card withBorder padding="sm" aria-label={intl.formatMessage(m.totalsTitle)} component="section">
              <SimpleGrid cols={{ base: 2, sm: 5 }}>
                <Figure label={intl.formatMessage(m.count, { count: list.totals.count })} value={money(list.totals.total)} testId="sales-total" />
                <Figure label={intl.formatMessage(m.tax)} value={money(list.totals.tax)} />
                <Figure label={intl.formatMessage(m.paid)} value={money(list.totals.paid)} />
                <Figure label={intl.formatMessage(m.outstanding)} value={money(list.totals.outstanding)} />
                <Figure label={intl.formatMessage(m.tip)} value={money(list.totals.tip)} />
              </SimpleGrid>
            </Card>
            {list.items.length === 0 ? (
              <EmptyState icon={<IconReceipt size={30} aria-hidden />} title={intl.formatMessage(m.empty)} />
            ) : (
              <ListTable
                minWidth={640}
                label={intl.formatMessage(m.title)}
                columns={[
                  { label: intl.formatMessage(m.date) },
                  { label: intl.formatMessage(m.customer) },
                  { label: intl.formatMessage(m.status) },
                  { label: intl.formatMessage(m.total), align: 'right' },
                  { label: intl.formatMessage(m.outstanding), align: 'right' },
                ]}
              >
                {list.items.map((sale) => (
                  <Table.Tr key={sale.id} data-testid="sale-row">
                    <Table.Td>
                      <Anchor renderRoot={(props) => <Link {...props} to="/{-$locale}/sales/$id" params={{ locale: localeParam(locale), id: sale.id }} />}>
                        {formatTimestamp(sale.soldAt, locale, tenant.timeZone)}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>{sale.customer?.name ?? intl.formatMessage(m.walkIn)}</Table.Td>
                    <Table.Td>
                      <Group gap={4}>
                        {sale.lifecycle === 'SALE_LIFECYCLE_VOIDED' ? (
                          <StatusBadge vocabulary={saleLifecycle} status={sale.lifecycle} />
                        ) : (
                          <StatusBadge vocabulary={salePaymentStatus} status={sale.paymentStatus} />
                        )}
                      </Group>
                    </Table.Td>
                    <Table.Td ta="right" td={sale.lifecycle === 'SALE_LIFECYCLE_VOIDED' ? 'line-through' : undefined}>
                      {money(sale.totals.total)}
                    </Table.Td>
                    <Table.Td ta="right">{money(sale.outstandingAmount)}</Table.Td>
                  </Table.Tr>
                ))}
              </ListTable>
            )}
            {list.total > SALES_PAGE_SIZE ? <Pagination value={page} onChange={setPage} total={Math.ceil(list.total / SALES_PAGE_SIZE)} /> : null}
          </Stack>
        )}
      </QueryState>
      <Text size="xs" c="dimmed">
        <FormattedMessage id="sales.list.note" defaultMessage="Net sales include tax; refunds subtract; voided sales count nowhere; tips are apart." />
      </Text>
    </Stack>
  );
}
