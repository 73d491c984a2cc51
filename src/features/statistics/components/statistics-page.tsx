import '@mantine/charts/styles.css';
import { AreaChart, BarChart, DonutChart } from '@mantine/charts';
import { Alert, Anchor, Badge, Card, Group, SegmentedControl, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { fetchStatisticsOptions } from '@generated/@tanstack/react-query.gen';
import { Temporal } from 'temporal-polyfill';
import type { Statistics, Tenant } from '@generated/types.gen';
import { QueryState } from '~/components/query-state';
import { useSession } from '~/entities/session/use-session';
import { useIsManager, useSeesTeamFigures } from '~/entities/session/use-team-role';
import { localeParam } from '~/lib/locale';
import { today } from '~/lib/temporal';
import { useFormatMoney } from '~/lib/use-format-money';
import { useLocale } from '~/lib/use-locale';
import { usePhoneWidth } from '~/lib/use-phone-width';
import { isDate, rangeProblem } from '~/lib/report-period';
import { statisticsMessages as m } from '../messages';

type Preset = 'last7' | 'last30' | 'thisMonth' | 'last12' | 'custom';

function presetRange(preset: Exclude<Preset, 'custom'>, timeZone: string): { from: string; to: string } {
  const now = today(timeZone);
  if (preset === 'last7') return { from: now.subtract({ days: 6 }).toString(), to: now.toString() };
  if (preset === 'last30') return { from: now.subtract({ days: 29 }).toString(), to: now.toString() };
  if (preset === 'thisMonth') return { from: now.with({ day: 1 }).toString(), to: now.toString() };
  return { from: now.subtract({ months: 12 }).add({ days: 1 }).toString(), to: now.toString() };
}

/** /statistics (issue 20): charts of the period with the previous one beside them. @mantine/charts loads only with this route. */
export function StatisticsPage({ tenant }: { tenant: Tenant }) {
  const intl = useIntl();
  const locale = useLocale();
  const { userId } = useSession();
  const manager = useIsManager(tenant);
  const seesTeam = useSeesTeamFigures(tenant);
  const phone = usePhoneWidth();
  const [preset, setPreset] = useState<Preset>('last30');
  const [range, setRange] = useState(() => presetRange('last30', tenant.timeZone));
  const [mine, setMine] = useState(false);
  const valid = isDate(range.from) && isDate(range.to);
  const problem = valid ? rangeProblem(range.from, range.to) : null;
  const scope = seesTeam && !mine ? 'STATISTICS_SCOPE_TENANT' : 'STATISTICS_SCOPE_USER';
  const body = { start_date: range.from, end_date: range.to, locale, scope } as const;
  const stats = useQuery({
    ...fetchStatisticsOptions({ path: { tenantId: tenant.id, userId: userId ?? '' }, body }),
    enabled: valid && problem === null && Boolean(userId) && manager !== undefined,
  });
  const choose = (value: string) => {
    setPreset(value as Preset);
    if (value !== 'custom') setRange(presetRange(value as Exclude<Preset, 'custom'>, tenant.timeZone));
  };
  return (
    <Stack gap="lg" maw={1200}>
      <Stack gap={4}>
        <Group justify="space-between">
          <Title order={1}>{intl.formatMessage(m.title)}</Title>
          <Anchor renderRoot={(props) => <Link {...props} to="/{-$locale}/reports" params={{ locale: localeParam(locale) }} />}>{intl.formatMessage(m.reportsLink)}</Anchor>
        </Group>
        <Text c="dimmed">{intl.formatMessage(m.intro)}</Text>
      </Stack>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <Stack gap={4} w={phone ? '100%' : undefined}>
          <Text size="sm" fw={500} id="statistics-period">
            {intl.formatMessage(m.period)}
          </Text>
          {/* Five periods side by side are wider than a phone: there they stand one under another. */}
          <SegmentedControl
            aria-labelledby="statistics-period"
            orientation={phone ? 'vertical' : 'horizontal'}
            fullWidth={phone}
            value={preset}
            onChange={choose}
            data={(['last7', 'last30', 'thisMonth', 'last12', 'custom'] as const).map((value) => ({ value, label: intl.formatMessage(m[value]) }))}
          />
        </Stack>
        {preset === 'custom' ? (
          <>
            <TextInput type="date" label={intl.formatMessage(m.from)} value={range.from} onChange={(e) => setRange({ ...range, from: e.currentTarget.value })} w={170} />
            <TextInput
              type="date"
              label={intl.formatMessage(m.to)}
              value={range.to}
              onChange={(e) => setRange({ ...range, to: e.currentTarget.value })}
              w={170}
              error={problem ? intl.formatMessage(problem === 'rangeTooLong' ? m.rangeTooLong : m.endBeforeStart) : undefined}
            />
          </>
        ) : null}
        {seesTeam ? (
          <Stack gap={4}>
            <Text size="sm" fw={500} id="statistics-scope">
              {intl.formatMessage(m.scope)}
            </Text>
            <SegmentedControl
              aria-labelledby="statistics-scope"
              value={mine ? 'mine' : 'business'}
              onChange={(value) => setMine(value === 'mine')}
              data={[
                { value: 'business', label: intl.formatMessage(m.business) },
                { value: 'mine', label: intl.formatMessage(m.mine) },
              ]}
            />
          </Stack>
        ) : null}
      </Group>
      {valid && problem === null ? (
        <QueryState
          query={stats}
          errorTitle={intl.formatMessage(m.loadError)}
          refusal={(error) => ((error as { status?: number })?.status === 403 ? <Alert color="yellow">{intl.formatMessage(m.forbidden)}</Alert> : undefined)}
        >
          {({ statistics }) => <Charts data={statistics} />}
        </QueryState>
      ) : null}
    </Stack>
  );
}

function Change({ now, before }: { now: number; before: number }) {
  const intl = useIntl();
  if (before === 0) return null;
  const change = (now - before) / Math.abs(before);
  return (
    <Badge variant="light" color={change >= 0 ? 'teal' : 'red'}>
      {intl.formatNumber(change, { style: 'percent', maximumFractionDigits: 1, signDisplay: 'exceptZero' })}
    </Badge>
  );
}

function Kpi({ label, value, previous, change, hint, testId }: { label: string; value: string; previous: string; change?: ReactNode; hint?: string; testId: string }) {
  const intl = useIntl();
  return (
    <Card withBorder radius="md" padding="sm" data-testid={testId}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Group gap="xs" align="baseline">
        <Text fz={22} fw={700}>
          {value}
        </Text>
        {change}
      </Group>
      <Text size="xs" c="dimmed">
        {intl.formatMessage(m.previousValue, { value: previous })}
      </Text>
      {hint ? (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      ) : null}
    </Card>
  );
}

function ChartCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-label={title}>
      <Title order={2} size="h4" mb="sm">
        {title}
      </Title>
      {children}
    </Card>
  );
}

function Charts({ data }: { data: Statistics }) {
  const intl = useIntl();
  const locale = useLocale();
  const money = useFormatMoney();
  const amount = (value: number) => money({ amount: value, currency: data.currency });
  const percent = (value: number) => intl.formatNumber(value / 100, { style: 'percent', maximumFractionDigits: 1 });
  const day = (text: string) => Temporal.PlainDate.from(text).toLocaleString(locale, { day: 'numeric', month: 'short' });
  const prev = data.previous;
  const series = data.daily.map((d) => ({ label: d.label, revenue: d.revenue.amount, appointments: d.appointments, occupancy: d.occupancyPercentage }));
  const empty = data.appointments.total === 0 && data.revenue.total.amount === 0 && data.revenue.previousPeriodTotal.amount === 0;
  return (
    <Stack gap="lg">
      <Text size="sm" c="dimmed">
        {intl.formatMessage(m.comparedWith, { from: day(prev.startDate), to: day(prev.endDate) })}
      </Text>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm">
        <Kpi
          testId="statistics-net-sales"
          label={intl.formatMessage(m.netSales)}
          value={amount(data.revenue.total.amount)}
          previous={amount(prev.revenue.amount)}
          change={<Change now={data.revenue.total.amount} before={prev.revenue.amount} />}
          hint={intl.formatMessage(m.averageTicket, { amount: amount(data.revenue.averageTicket.amount) })}
        />
        <Kpi
          testId="statistics-appointments"
          label={intl.formatMessage(m.appointments)}
          value={intl.formatNumber(data.appointments.total)}
          previous={intl.formatNumber(prev.appointments)}
          change={<Change now={data.appointments.total} before={prev.appointments} />}
        />
        <Kpi
          testId="statistics-new-customers"
          label={intl.formatMessage(m.newCustomers)}
          value={intl.formatNumber(data.customers.newCustomers)}
          previous={intl.formatNumber(prev.newCustomers)}
          change={<Change now={data.customers.newCustomers} before={prev.newCustomers} />}
        />
        <Kpi
          testId="statistics-occupancy"
          label={intl.formatMessage(m.occupancy)}
          value={percent(data.occupancy.percentage)}
          previous={percent(prev.occupancyPercentage)}
          hint={intl.formatMessage(m.occupancyHint)}
        />
        <Kpi testId="statistics-no-show" label={intl.formatMessage(m.noShowRate)} value={percent(data.appointments.noShowRate)} previous={percent(prev.noShowRate)} />
        <Kpi testId="statistics-cancellations" label={intl.formatMessage(m.cancellationRate)} value={percent(data.appointments.cancellationRate)} previous={percent(prev.cancellationRate)} />
      </SimpleGrid>
      {empty ? (
        <Text c="dimmed">{intl.formatMessage(m.nothing)}</Text>
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          <ChartCard title={intl.formatMessage(m.revenueOverTime)}>
            <AreaChart h={240} data={series} dataKey="label" series={[{ name: 'revenue', label: intl.formatMessage(m.netSales), color: 'teal.6' }]} valueFormatter={amount} curveType="monotone" withDots={false} />
          </ChartCard>
          <ChartCard title={intl.formatMessage(m.appointmentsOverTime)}>
            <BarChart h={240} data={series} dataKey="label" series={[{ name: 'appointments', label: intl.formatMessage(m.appointments), color: 'indigo.6' }]} />
          </ChartCard>
          <ChartCard title={intl.formatMessage(m.occupancyOverTime)}>
            <BarChart h={240} data={series} dataKey="label" series={[{ name: 'occupancy', label: intl.formatMessage(m.occupancy), color: 'grape.6' }]} valueFormatter={percent} yAxisProps={{ domain: [0, 100] }} />
          </ChartCard>
          <ChartCard title={intl.formatMessage(m.customers)}>
            <Group justify="center">
              <DonutChart
                withLabels
                withLabelsLine
                data={[
                  { name: intl.formatMessage(m.newLabel), value: data.customers.newCustomers, color: 'teal.6' },
                  { name: intl.formatMessage(m.returningLabel), value: data.customers.returningCustomers, color: 'blue.6' },
                ]}
              />
            </Group>
          </ChartCard>
          {data.byMember.length > 0 ? (
            <ChartCard title={intl.formatMessage(m.byMember)}>
              <BarChart
                h={Math.max(160, 40 * data.byMember.length)}
                orientation="vertical"
                data={data.byMember.map((member) => ({ name: member.name, revenue: member.revenue.amount }))}
                dataKey="name"
                yAxisProps={{ width: 120 }}
                series={[{ name: 'revenue', label: intl.formatMessage(m.netSales), color: 'teal.6' }]}
                valueFormatter={amount}
              />
            </ChartCard>
          ) : null}
          <ChartCard title={intl.formatMessage(m.byStatus)}>
            <BarChart
              h={240}
              data={data.appointments.byStatus.map((status) => ({ label: status.label, count: status.count }))}
              dataKey="label"
              series={[{ name: 'count', label: intl.formatMessage(m.appointments), color: 'orange.6' }]}
            />
          </ChartCard>
          {data.topServices.length > 0 ? (
            <ChartCard title={intl.formatMessage(m.topServices)}>
              <BarChart
                h={Math.max(160, 36 * data.topServices.length)}
                orientation="vertical"
                data={data.topServices.map((service) => ({ name: service.name, revenue: service.revenue.amount }))}
                dataKey="name"
                yAxisProps={{ width: 140 }}
                series={[{ name: 'revenue', label: intl.formatMessage(m.netSales), color: 'indigo.6' }]}
                valueFormatter={amount}
              />
            </ChartCard>
          ) : null}
          {data.topProducts.length > 0 ? (
            <ChartCard title={intl.formatMessage(m.topProducts)}>
              <BarChart
                h={Math.max(160, 36 * data.topProducts.length)}
                orientation="vertical"
                data={data.topProducts.map((product) => ({ name: product.name, revenue: product.revenue.amount }))}
                dataKey="name"
                yAxisProps={{ width: 140 }}
                series={[{ name: 'revenue', label: intl.formatMessage(m.netSales), color: 'cyan.6' }]}
                valueFormatter={amount}
              />
            </ChartCard>
          ) : null}
        </SimpleGrid>
      )}
    </Stack>
  );
}
