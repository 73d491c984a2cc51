import { Alert, Anchor, Button, Card, Group, SegmentedControl, Select, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { Temporal } from 'temporal-polyfill';
import { Link } from '@tanstack/react-router';
import { useState, type ReactNode } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import {
  exportInvoiceRegisterCsvOptions,
  exportSalesDetailedCsvOptions,
  getSalesDetailedReportOptions,
  getSalesSummaryReportOptions,
  listPaymentMethodsOptions,
  listTeamMembersOptions,
} from '@generated/@tanstack/react-query.gen';
import type { ReportGrouping, SalesReportFilters, SalesSummaryReport, Tenant } from '@generated/types.gen';
import { ListTable } from '~/components/list-table';
import { QueryState } from '~/components/query-state';
import { useIsManager, useSeesTeamFigures } from '~/entities/session/use-team-role';
import { localeParam } from '~/lib/locale';
import { today } from '~/lib/temporal';
import { useFormatMoney } from '~/lib/use-format-money';
import { useLocale } from '~/lib/use-locale';
import { reportsMessages as m } from '../messages';
import { isDate, monthToDate, rangeProblem } from '~/lib/report-period';
import { downloadBlob } from '~/lib/download';
import { formatRate } from '~/lib/percent';

type Money = { amount: number; currency: string };

/** A 422/403 of the reports, in words; undefined for anything a retry may fix. */
function refusalOf(intl: IntlShape, error: unknown): ReactNode {
  const problem = error as { status?: number; errors?: Array<{ code?: string }> };
  const code = problem?.errors?.[0]?.code;
  if (code === 'range_too_long') return <Alert color="red">{intl.formatMessage(m.rangeTooLong)}</Alert>;
  if (code === 'end_before_start') return <Alert color="red">{intl.formatMessage(m.endBeforeStart)}</Alert>;
  if (problem?.status === 403) return <Alert color="yellow">{intl.formatMessage(m.forbidden)}</Alert>;
  return undefined;
}

/** /reports (issue 20): the sales summary and its breakdowns, the sale lines, and the CSVs. */
export function ReportsPage({ tenant }: { tenant: Tenant }) {
  const intl = useIntl();
  const locale = useLocale();
  const money = useFormatMoney();
  const manager = useIsManager(tenant);
  const seesTeam = useSeesTeamFigures(tenant);
  const [range, setRange] = useState(() => monthToDate(today(tenant.timeZone)));
  const [groupBy, setGroupBy] = useState<ReportGrouping>('REPORT_GROUPING_DAY');
  const [userId, setUserId] = useState<string | null>(null);
  const [methodId, setMethodId] = useState<string | null>(null);
  const [downloadFailed, setDownloadFailed] = useState(false);
  const valid = isDate(range.from) && isDate(range.to);
  const problem = valid ? rangeProblem(range.from, range.to) : null;
  const filters: SalesReportFilters = { ...(userId ? { userId } : {}), ...(methodId ? { paymentMethodId: methodId } : {}) };
  const body = { startDate: range.from, endDate: range.to, groupBy, filters };
  const enabled = valid && problem === null;
  const path = { tenantId: tenant.id };

  const queryClient = useQueryClient();
  const summary = useQuery({ ...getSalesSummaryReportOptions({ path, body }), enabled });
  const team = useQuery({ ...listTeamMembersOptions({ path, query: { limit: 200 } }), enabled: seesTeam });
  const methods = useQuery(listPaymentMethodsOptions({ path }));
  const memberName = (id: string, fallback?: string) => {
    const member = team.data?.items.find((candidate) => candidate.userId === id);
    return member ? [member.name, member.lastName].filter(Boolean).join(' ') || member.email : (fallback ?? '—');
  };

  const download = async (kind: 'sales' | 'invoices') => {
    setDownloadFailed(false);
    try {
      const query = { startDate: range.from, endDate: range.to, locale };
      const blob =
        kind === 'sales'
          ? await queryClient.fetchQuery({ ...exportSalesDetailedCsvOptions({ path, query: { ...query, ...filters }, parseAs: 'blob' }), staleTime: 0 })
          : await queryClient.fetchQuery({ ...exportInvoiceRegisterCsvOptions({ path, query, parseAs: 'blob' }), staleTime: 0 });
      downloadBlob(`${kind === 'sales' ? 'sales' : 'invoices'}-${range.from}-${range.to}.csv`, blob as unknown as Blob);
    } catch {
      setDownloadFailed(true);
    }
  };

  return (
    <Stack gap="lg" maw={1200}>
      <Stack gap={4}>
        <Group justify="space-between">
          <Title order={1}>{intl.formatMessage(m.title)}</Title>
          <Anchor renderRoot={(props) => <Link {...props} to="/{-$locale}/statistics" params={{ locale: localeParam(locale) }} />}>{intl.formatMessage(m.statisticsLink)}</Anchor>
        </Group>
        <Text c="dimmed">{intl.formatMessage(m.intro)}</Text>
      </Stack>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput type="date" label={intl.formatMessage(m.from)} value={range.from} onChange={(e) => setRange({ ...range, from: e.currentTarget.value })} w={170} />
        <TextInput
          type="date"
          label={intl.formatMessage(m.to)}
          value={range.to}
          onChange={(e) => setRange({ ...range, to: e.currentTarget.value })}
          w={170}
          error={problem ? intl.formatMessage(problem === 'rangeTooLong' ? m.rangeTooLong : m.endBeforeStart) : undefined}
        />
        <Stack gap={4}>
          <Text size="sm" fw={500} id="reports-group-by">
            {intl.formatMessage(m.groupBy)}
          </Text>
          <SegmentedControl
            aria-labelledby="reports-group-by"
            value={groupBy}
            onChange={(value) => setGroupBy(value as ReportGrouping)}
            data={[
              { value: 'REPORT_GROUPING_DAY', label: intl.formatMessage(m.day) },
              { value: 'REPORT_GROUPING_WEEK', label: intl.formatMessage(m.week) },
              { value: 'REPORT_GROUPING_MONTH', label: intl.formatMessage(m.month) },
            ]}
          />
        </Stack>
        {seesTeam ? (
          <Select
            label={intl.formatMessage(m.member)}
            placeholder={intl.formatMessage(m.anyone)}
            clearable
            value={userId}
            onChange={setUserId}
            data={(team.data?.items ?? []).map((member) => ({ value: member.userId, label: memberName(member.userId) }))}
            w={200}
          />
        ) : null}
        <Select
          label={intl.formatMessage(m.method)}
          placeholder={intl.formatMessage(m.anyone)}
          clearable
          value={methodId}
          onChange={setMethodId}
          data={(methods.data?.items ?? []).map((method) => ({ value: method.id, label: method.name }))}
          w={200}
        />
      </Group>
      <Group gap="sm">
        <Button variant="light" leftSection={<IconDownload size={16} aria-hidden />} onClick={() => void download('sales')} disabled={!enabled}>
          {intl.formatMessage(m.downloadSales)}
        </Button>
        {manager ? (
          <Button variant="light" leftSection={<IconDownload size={16} aria-hidden />} onClick={() => void download('invoices')} disabled={!enabled}>
            {intl.formatMessage(m.downloadInvoices)}
          </Button>
        ) : null}
      </Group>
      {downloadFailed ? <Alert color="red">{intl.formatMessage(m.downloadFailed)}</Alert> : null}
      {enabled ? (
        <QueryState query={summary} errorTitle={intl.formatMessage(m.loadError)} refusal={(error) => refusalOf(intl, error)}>
          {({ report }) => (
            <Stack gap="lg">
              {report.scope === 'REPORT_SCOPE_USER' ? <Text c="dimmed">{intl.formatMessage(m.ownFigures)}</Text> : null}
              <Figures report={report} money={money} />
              {report.totals.salesCount === 0 && report.totals.refundsCount === 0 ? (
                <Text c="dimmed" data-testid="reports-empty">
                  {intl.formatMessage(m.empty)}
                </Text>
              ) : (
                <Breakdowns report={report} money={money} memberName={memberName} />
              )}
            </Stack>
          )}
        </QueryState>
      ) : null}
      {enabled && summary.data && summary.data.report.totals.salesCount + summary.data.report.totals.refundsCount > 0 ? (
        <Stack gap="sm">
          <Title order={2} size="h3">
            {intl.formatMessage(m.detailed)}
          </Title>
          <SaleLines key={JSON.stringify(body)} tenant={tenant} body={body} memberName={memberName} />
        </Stack>
      ) : null}
    </Stack>
  );
}

/** The sale lines, 50 at a time: each "show more" asks for the page after the last one (keyset). */
function SaleLines({ tenant, body, memberName }: { tenant: Tenant; body: Parameters<typeof getSalesDetailedReportOptions>[0]['body']; memberName: (id: string, fallback?: string) => string }) {
  const intl = useIntl();
  const locale = useLocale();
  const money = useFormatMoney();
  const [cursors, setCursors] = useState<Array<string | undefined>>([undefined]);
  const pages = useQueries({
    queries: cursors.map((after) => getSalesDetailedReportOptions({ path: { tenantId: tenant.id }, body, query: { limit: 50, ...(after ? { after } : {}) } })),
  });
  const first = pages[0]!;
  const last = pages.at(-1)!;
  const rows = pages.flatMap((page) => page.data?.report.rows ?? []);
  const total = first.data?.report.total ?? 0;
  const next = last.data?.report.nextCursor;
  const when = (soldAt: string) =>
    Temporal.Instant.from(soldAt).toZonedDateTimeISO(tenant.timeZone).toLocaleString(locale, { day: '2-digit', month: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  return (
    <QueryState query={first} errorTitle={intl.formatMessage(m.loadError)} refusal={(error) => refusalOf(intl, error)}>
      {() => (
        <Stack gap="xs">
          <ListTable
            minWidth={760}
            dense
            label={intl.formatMessage(m.detailed)}
            testId="reports-lines"
            columns={[
              { label: intl.formatMessage(m.date) },
              { label: intl.formatMessage(m.item) },
              { label: intl.formatMessage(m.customer) },
              { label: intl.formatMessage(m.member) },
              { label: intl.formatMessage(m.quantity), align: 'right' },
              { label: intl.formatMessage(m.rate), align: 'right' },
              { label: intl.formatMessage(m.total), align: 'right' },
            ]}
          >
            {rows.map((row, index) => (
              <Table.Tr key={`${row.saleId}/${index}`}>
                <Table.Td>
                  <Anchor size="sm" renderRoot={(props) => <Link {...props} to="/{-$locale}/sales/$id" params={{ locale: localeParam(locale), id: row.saleId }} />}>
                    {when(row.soldAt)}
                  </Anchor>
                </Table.Td>
                <Table.Td>{row.itemName}</Table.Td>
                <Table.Td>{row.customerName ?? ''}</Table.Td>
                <Table.Td>{memberName(row.userId, '')}</Table.Td>
                <Table.Td ta="right">{intl.formatNumber(row.quantity)}</Table.Td>
                <Table.Td ta="right">{row.taxPercentage === undefined ? '' : formatRate(row.taxPercentage, intl.locale)}</Table.Td>
                <Table.Td ta="right">{money(row.total)}</Table.Td>
              </Table.Tr>
            ))}
          </ListTable>
          {last.isError ? <Alert color="red">{intl.formatMessage(m.loadError)}</Alert> : null}
          <Group justify="space-between">
            <Text size="sm" c="dimmed">
              {intl.formatMessage(m.linesShown, { shown: rows.length, total })}
            </Text>
            {next ? (
              <Button variant="default" onClick={() => setCursors([...cursors, next])} loading={last.isFetching}>
                {intl.formatMessage(m.loadMore)}
              </Button>
            ) : null}
          </Group>
        </Stack>
      )}
    </QueryState>
  );
}

function Figure({ label, value, hint, testId }: { label: string; value: string; hint: string; testId: string }) {
  return (
    <Card withBorder radius="md" padding="sm" data-testid={testId}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fz={22} fw={700}>
        {value}
      </Text>
      <Text size="xs" c="dimmed">
        {hint}
      </Text>
    </Card>
  );
}

function Figures({ report, money }: { report: SalesSummaryReport; money: (value: Money) => string }) {
  const intl = useIntl();
  const r = report.revenue;
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: report.scope === 'REPORT_SCOPE_TENANT' ? 5 : 4 }} spacing="sm">
      <Figure testId="reports-net-sales" label={intl.formatMessage(m.netSales)} value={money(r.netSales)} hint={intl.formatMessage(m.netSalesHint, { base: money(r.netSalesBase) })} />
      <Figure testId="reports-collected" label={intl.formatMessage(m.collected)} value={money(r.collected)} hint={intl.formatMessage(m.collectedHint)} />
      <Figure testId="reports-outstanding" label={intl.formatMessage(m.outstanding)} value={money(r.outstanding.amount)} hint={intl.formatMessage(m.outstandingHint, { count: r.outstanding.count })} />
      {report.scope === 'REPORT_SCOPE_TENANT' ? <Figure testId="reports-invoiced" label={intl.formatMessage(m.invoiced)} value={money(r.invoiced)} hint={intl.formatMessage(m.invoicedHint)} /> : null}
      <Figure
        testId="reports-unbilled"
        label={intl.formatMessage(m.unbilled)}
        value={money(r.unbilledDoneAppointments.amount)}
        hint={intl.formatMessage(m.unbilledHint, { count: r.unbilledDoneAppointments.count })}
      />
    </SimpleGrid>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="xs">
      <Title order={2} size="h3">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

function Breakdowns({ report, money, memberName }: { report: SalesSummaryReport; money: (value: Money) => string; memberName: (id: string, fallback?: string) => string }) {
  const intl = useIntl();
  const locale = useLocale();
  const date = (text: string) => Temporal.PlainDate.from(text).toLocaleString(locale, { day: 'numeric', month: 'short', year: 'numeric' });
  const period = (from: string, to: string) => (from === to ? date(from) : `${date(from)} – ${date(to)}`);
  const rate = (value: number) => formatRate(value, intl.locale);
  const rows = report.rows.filter((row) => row.salesCount > 0 || row.refundsCount > 0);
  const periodRow = (row: SalesSummaryReport['totals'], label: string, strong = false) => (
    <Table.Tr key={label} fw={strong ? 700 : undefined}>
      <Table.Td>{label}</Table.Td>
      <Table.Td ta="right">{row.salesCount}</Table.Td>
      <Table.Td ta="right">{money(row.subtotal)}</Table.Td>
      <Table.Td ta="right">{money(row.tax)}</Table.Td>
      <Table.Td ta="right">{money(row.discount)}</Table.Td>
      <Table.Td ta="right">{money(row.refunds)}</Table.Td>
      <Table.Td ta="right">{money(row.tips)}</Table.Td>
      <Table.Td ta="right">{money(row.averageTicket)}</Table.Td>
      <Table.Td ta="right">{money(row.total)}</Table.Td>
    </Table.Tr>
  );
  return (
    <Stack gap="lg">
      <Section title={intl.formatMessage(m.byPeriod)}>
        <ListTable
          minWidth={860}
          dense
          label={intl.formatMessage(m.byPeriod)}
          testId="reports-periods"
          footer={periodRow(report.totals, intl.formatMessage(m.totals), true)}
          columns={[
            { label: intl.formatMessage(m.period) },
            { label: intl.formatMessage(m.sales), align: 'right' },
            { label: intl.formatMessage(m.base), align: 'right' },
            { label: intl.formatMessage(m.tax), align: 'right' },
            { label: intl.formatMessage(m.discounts), align: 'right' },
            { label: intl.formatMessage(m.refunds), align: 'right' },
            { label: intl.formatMessage(m.tips), align: 'right' },
            { label: intl.formatMessage(m.averageTicket), align: 'right' },
            { label: intl.formatMessage(m.netSales), align: 'right' },
          ]}
        >
          {rows.map((row) => periodRow(row, period(row.periodStart, row.periodEnd)))}
        </ListTable>
      </Section>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Section title={intl.formatMessage(m.byTaxRate)}>
          <ListTable
            dense
            label={intl.formatMessage(m.byTaxRate)}
            testId="reports-tax-rates"
            columns={[
              { label: intl.formatMessage(m.rate) },
              { label: intl.formatMessage(m.base), align: 'right' },
              { label: intl.formatMessage(m.tax), align: 'right' },
              { label: intl.formatMessage(m.total), align: 'right' },
            ]}
          >
            {report.byTaxRate.map((row) => (
              <Table.Tr key={row.taxPercentage}>
                <Table.Td>{rate(row.taxPercentage)}</Table.Td>
                <Table.Td ta="right">{money(row.base)}</Table.Td>
                <Table.Td ta="right">{money(row.tax)}</Table.Td>
                <Table.Td ta="right">{money(row.total)}</Table.Td>
              </Table.Tr>
            ))}
          </ListTable>
        </Section>
        <Section title={intl.formatMessage(m.byMethod)}>
          <ListTable
            minWidth={420}
            dense
            label={intl.formatMessage(m.byMethod)}
            columns={[
              { label: intl.formatMessage(m.method) },
              { label: intl.formatMessage(m.count), align: 'right' },
              { label: intl.formatMessage(m.refunds), align: 'right' },
              { label: intl.formatMessage(m.commission), align: 'right' },
              { label: intl.formatMessage(m.net), align: 'right' },
            ]}
          >
            {report.byPaymentMethod.map((row) => (
              <Table.Tr key={row.paymentMethodId}>
                <Table.Td>{row.name}</Table.Td>
                <Table.Td ta="right">{row.count}</Table.Td>
                <Table.Td ta="right">{row.refunds ? money(row.refunds) : ''}</Table.Td>
                <Table.Td ta="right">{money(row.commission)}</Table.Td>
                <Table.Td ta="right">{money(row.amount)}</Table.Td>
              </Table.Tr>
            ))}
          </ListTable>
        </Section>
        <Section title={intl.formatMessage(m.byMember)}>
          <ListTable
            dense
            label={intl.formatMessage(m.byMember)}
            columns={[
              { label: intl.formatMessage(m.member) },
              { label: intl.formatMessage(m.sales), align: 'right' },
              { label: intl.formatMessage(m.netSales), align: 'right' },
            ]}
          >
            {report.byUser.map((row) => (
              <Table.Tr key={row.userId}>
                <Table.Td>{row.name ?? memberName(row.userId)}</Table.Td>
                <Table.Td ta="right">{row.salesCount}</Table.Td>
                <Table.Td ta="right">{money(row.total)}</Table.Td>
              </Table.Tr>
            ))}
          </ListTable>
        </Section>
        <Section title={intl.formatMessage(m.byItem)}>
          <ListTable
            dense
            label={intl.formatMessage(m.byItem)}
            columns={[
              { label: intl.formatMessage(m.item) },
              { label: intl.formatMessage(m.quantity), align: 'right' },
              { label: intl.formatMessage(m.total), align: 'right' },
            ]}
          >
            {report.byItem.map((row) => (
              <Table.Tr key={`${row.lineKind}/${row.itemId ?? row.itemName}`}>
                <Table.Td>{row.itemName}</Table.Td>
                <Table.Td ta="right">{intl.formatNumber(row.quantity)}</Table.Td>
                <Table.Td ta="right">{money(row.total)}</Table.Td>
              </Table.Tr>
            ))}
          </ListTable>
        </Section>
      </SimpleGrid>
    </Stack>
  );
}
