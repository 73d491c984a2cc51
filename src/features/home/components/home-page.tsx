import { Anchor, Badge, Card, Group, List, Paper, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCalendarEvent, IconCircleCheck, IconCircleDashed } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { Temporal } from 'temporal-polyfill';
import { FormattedMessage, useIntl } from 'react-intl';
import type { Dashboard, DashboardAppointment, Tenant } from '@generated/types.gen';
import { EmptyState } from '~/components/empty-state';
import { QueryState } from '~/components/query-state';
import { useSession } from '~/entities/session/use-session';
import { localeParam } from '~/lib/locale';
import { useFormatMoney } from '~/lib/use-format-money';
import { useLocale } from '~/lib/use-locale';
import { dashboardQuery } from '../dashboard-query';
import { homeMessages as m } from '../messages';

type To =
  | '/{-$locale}/services/create'
  | '/{-$locale}/settings'
  | '/{-$locale}/team/create'
  | '/{-$locale}/appointments/create'
  | '/{-$locale}/appointments'
  | '/{-$locale}/reports'
  | '/{-$locale}/statistics'
  | '/{-$locale}/sales'
  | '/{-$locale}/inventory'
  | '/{-$locale}/customers';

/** Home (issue 20, issue 18): the new business's checklist, then the day's KPI cards, each a link to its screen. */
export function HomePage() {
  const { tenant } = useSession();
  if (!tenant) {
    return (
      <Stack>
        <Title order={1}>
          <FormattedMessage {...m.title} />
        </Title>
        <EmptyState order={2} icon={<IconCalendarEvent size={30} aria-hidden />} title={<FormattedMessage {...m.noBusinessTitle} />} description={<FormattedMessage {...m.noBusinessDescription} />} />
      </Stack>
    );
  }
  return <BusinessHome key={tenant.id} tenant={tenant} />;
}

function BusinessHome({ tenant }: { tenant: Tenant }) {
  const intl = useIntl();
  const dashboard = useQuery(dashboardQuery(tenant.id));
  return (
    <Stack gap="lg" maw={1100}>
      <Title order={1}>{intl.formatMessage(m.title)}</Title>
      <QueryState query={dashboard} errorTitle={intl.formatMessage(m.loadError)}>
        {({ dashboard: data }) => (
          <Stack gap="lg">
            {data.checklist.complete ? null : <Checklist checklist={data.checklist} />}
            {/* A business that has booked nothing yet sees only its checklist, not empty cards. */}
            {data.checklist.firstAppointment ? <Cards data={data} tenant={tenant} /> : null}
          </Stack>
        )}
      </QueryState>
    </Stack>
  );
}

function useLinkTo() {
  const locale = useLocale();
  return (to: To, children: ReactNode, extra: Record<string, unknown> = {}) => (
    <Anchor renderRoot={(props) => <Link {...props} to={to} params={{ locale: localeParam(locale) }} {...extra} />}>{children}</Anchor>
  );
}

function Checklist({ checklist }: { checklist: Dashboard['checklist'] }) {
  const intl = useIntl();
  const link = useLinkTo();
  const steps: Array<{ done: boolean; label: string; to: To; testId: string }> = [
    { done: checklist.services, label: intl.formatMessage(m.stepServices), to: '/{-$locale}/services/create', testId: 'services' },
    { done: checklist.hours, label: intl.formatMessage(m.stepHours), to: '/{-$locale}/settings', testId: 'hours' },
    { done: checklist.team, label: intl.formatMessage(m.stepTeam), to: '/{-$locale}/team/create', testId: 'team' },
    { done: checklist.bookingPage, label: intl.formatMessage(m.stepBooking), to: '/{-$locale}/settings', testId: 'booking' },
    { done: checklist.firstAppointment, label: intl.formatMessage(m.stepAppointment), to: '/{-$locale}/appointments/create', testId: 'appointment' },
  ];
  const done = steps.filter((step) => step.done).length;
  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="home-checklist" data-testid="home-checklist">
      <Stack gap="sm">
        <Title order={2} size="h3" id="home-checklist">
          {intl.formatMessage(m.checklistTitle)}
        </Title>
        <Text c="dimmed">{intl.formatMessage(m.checklistIntro, { done, total: steps.length })}</Text>
        <List spacing="sm" listStyleType="none" p={0}>
          {steps.map((step) => (
            <List.Item
              key={step.testId}
              data-testid={`checklist-${step.testId}`}
              data-done={step.done}
              icon={
                <ThemeIcon color={step.done ? 'teal' : 'gray'} variant={step.done ? 'filled' : 'light'} radius="xl" size={24}>
                  {step.done ? <IconCircleCheck size={16} aria-hidden /> : <IconCircleDashed size={16} aria-hidden />}
                </ThemeIcon>
              }
            >
              <Group gap="xs">
                {link(step.to, step.label)}
                <Badge variant="light" color={step.done ? 'teal' : 'gray'}>
                  {intl.formatMessage(step.done ? m.stepDone : m.stepToDo)}
                </Badge>
              </Group>
            </List.Item>
          ))}
        </List>
      </Stack>
    </Paper>
  );
}

function Kpi({ title, value, detail, to, testId, link }: { title: string; value: ReactNode; detail?: ReactNode; to: To; testId: string; link: ReturnType<typeof useLinkTo> }) {
  return (
    <Card withBorder radius="md" padding="md" data-testid={testId} component="section" aria-label={title}>
      <Stack gap={4}>
        {link(to, <Text fw={600}>{title}</Text>)}
        <Text fz={28} fw={700} lh={1.2}>
          {value}
        </Text>
        {detail ? (
          <Text c="dimmed" size="sm">
            {detail}
          </Text>
        ) : null}
      </Stack>
    </Card>
  );
}

function Cards({ data, tenant }: { data: Dashboard; tenant: Tenant }) {
  const intl = useIntl();
  const locale = useLocale();
  const money = useFormatMoney();
  const link = useLinkTo();
  const time = { format: (at: string) => Temporal.Instant.from(at).toZonedDateTimeISO(tenant.timeZone).toLocaleString(locale, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }) };
  const shown = data.todayAppointments.slice(0, 8);
  const describe = (a: DashboardAppointment) => [a.customerName, a.serviceNames.join(', ')].filter(Boolean).join(' · ');
  const appointmentLink = (a: DashboardAppointment, children: ReactNode) => (
    <Anchor renderRoot={(props) => <Link {...props} to="/{-$locale}/appointments/$id" params={{ locale: localeParam(locale), id: a.id }} />}>{children}</Anchor>
  );
  const figures = data.money;
  return (
    <Stack gap="md">
      <Text c="dimmed">{intl.formatMessage(m.today, { date: Temporal.PlainDate.from(data.date).toLocaleString(locale, { weekday: 'long', day: 'numeric', month: 'long' }) })}</Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Card withBorder radius="md" padding="md" data-testid="home-today" component="section" aria-label={intl.formatMessage(m.todayAppointments)}>
          <Stack gap="xs">
            <Group justify="space-between">
              {link('/{-$locale}/appointments', <Text fw={600}>{intl.formatMessage(m.todayAppointments)}</Text>)}
              <Badge variant="light">{data.todayAppointments.length}</Badge>
            </Group>
            {shown.length === 0 ? (
              <Text c="dimmed">{intl.formatMessage(m.noAppointmentsToday)}</Text>
            ) : (
              <List spacing={4} listStyleType="none" p={0}>
                {shown.map((a) => (
                  <List.Item key={a.id}>
                    <Group gap="xs" wrap="nowrap" fz="sm">
                      <Text span size="sm" fw={600} ff="monospace">
                        {time.format(a.startAt)}
                      </Text>
                      <Text span size="sm">
                        {appointmentLink(a, describe(a) || time.format(a.startAt))}
                      </Text>
                    </Group>
                  </List.Item>
                ))}
              </List>
            )}
            {data.todayAppointments.length > shown.length ? <Text size="sm" c="dimmed">{intl.formatMessage(m.moreToday, { count: data.todayAppointments.length - shown.length })}</Text> : null}
            <Text size="sm" c="dimmed">
              {intl.formatMessage(m.upcoming, { count: data.upcomingAppointmentsCount })}
            </Text>
          </Stack>
        </Card>
        <Card withBorder radius="md" padding="md" data-testid="home-next" component="section" aria-label={intl.formatMessage(m.next)}>
          <Stack gap="xs">
            {link('/{-$locale}/appointments', <Text fw={600}>{intl.formatMessage(m.next)}</Text>)}
            {data.nextAppointment ? (
              <>
                <Text fz={28} fw={700} lh={1.2}>
                  {time.format(data.nextAppointment.startAt)}
                </Text>
                <Text size="sm">{appointmentLink(data.nextAppointment, describe(data.nextAppointment) || intl.formatMessage(m.open))}</Text>
              </>
            ) : (
              <Text c="dimmed">{intl.formatMessage(m.noNext)}</Text>
            )}
          </Stack>
        </Card>
      </SimpleGrid>
      {figures ? (
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md">
          <Kpi link={link} testId="home-revenue-today" to="/{-$locale}/reports" title={intl.formatMessage(m.revenueToday)} value={money(figures.revenueToday)} />
          <Kpi
            link={link}
            testId="home-revenue-month"
            to="/{-$locale}/statistics"
            title={intl.formatMessage(m.revenueMonth)}
            value={money(figures.revenueMonth)}
            detail={intl.formatMessage(m.versusLastMonth, { amount: money(figures.revenuePreviousMonth) })}
          />
          <Kpi
            link={link}
            testId="home-outstanding"
            to="/{-$locale}/sales"
            title={intl.formatMessage(m.outstanding)}
            value={money(figures.outstanding.amount)}
            detail={intl.formatMessage(m.outstandingCount, { count: figures.outstanding.count })}
          />
          <Kpi
            link={link}
            testId="home-unbilled"
            to="/{-$locale}/appointments"
            title={intl.formatMessage(m.unbilled)}
            value={figures.unbilledDoneAppointments.count}
            detail={intl.formatMessage(m.unbilledCount, { count: figures.unbilledDoneAppointments.count, amount: money(figures.unbilledDoneAppointments.amount) })}
          />
          <Kpi link={link} testId="home-low-stock" to="/{-$locale}/inventory" title={intl.formatMessage(m.lowStock)} value={data.lowStockCount} detail={intl.formatMessage(m.lowStockCount, { count: data.lowStockCount })} />
          <Kpi link={link} testId="home-new-customers" to="/{-$locale}/customers" title={intl.formatMessage(m.newCustomers)} value={data.newCustomersMonth} />
        </SimpleGrid>
      ) : null}
      {data.scope === 'REPORT_SCOPE_USER' ? (
        <Text size="sm" c="dimmed">
          {intl.formatMessage(m.ownFigures)}
        </Text>
      ) : null}
    </Stack>
  );
}
