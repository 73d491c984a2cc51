import { Anchor, Badge, Card, Group, Pagination, Stack, Table, Text, Title } from '@mantine/core';
import { IconCalendarOff } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { Temporal } from 'temporal-polyfill';
import { FormattedMessage, useIntl } from 'react-intl';
import { listCustomerAppointmentsOptions, listTeamMembersOptions } from '@generated/@tanstack/react-query.gen';
import type { Appointment, Tenant } from '@generated/types.gen';
import { ListTable } from '~/components/list-table';
import { useLocale } from '~/lib/use-locale';
import { EmptyState } from '~/components/empty-state';
import { QueryState } from '~/components/query-state';
import { appointmentStatus } from '~/entities/appointment/status';
import { StatusBadge } from '~/entities/status-badge';
import { localizedPath } from '~/lib/locale';
import { formatDateLong, formatTime, fromParts, nowPlain } from '~/lib/temporal';

export const CUSTOMER_APPOINTMENTS_PAGE_SIZE = 10;

/**
 * The customer's appointments on their page: the ones still to come first (soonest first), then the
 * past ones (newest first), a page at a time; times are the business's wall-clock times.
 */
/** "Upcoming": still to come and still on (a cancelled, rejected or done appointment is not, issue 18). */
export function isUpcoming(appointment: Pick<Appointment, 'startDate' | 'status'>, now: Temporal.PlainDateTime): boolean {
  const live = appointment.status === 'APPOINTMENT_STATUS_PENDING' || appointment.status === 'APPOINTMENT_STATUS_CONFIRMED';
  return live && Temporal.PlainDateTime.compare(fromParts(appointment.startDate), now) > 0;
}

export function CustomerAppointments({ tenant, customerId }: { tenant: Tenant; customerId: string }) {
  const intl = useIntl();
  const locale = useLocale();
  const navigate = useNavigate();
  const [page, setPage] = useState(1);
  const list = useQuery({
    ...listCustomerAppointmentsOptions({
      path: { tenantId: tenant.id, id: customerId },
      query: { order: 'upcoming', limit: CUSTOMER_APPOINTMENTS_PAGE_SIZE, offset: (page - 1) * CUSTOMER_APPOINTMENTS_PAGE_SIZE },
    }),
    placeholderData: keepPreviousData,
  });
  const team = useQuery({ ...listTeamMembersOptions({ path: { tenantId: tenant.id }, query: { limit: 200 } }), staleTime: 60_000 });
  const names = useMemo(
    () => new Map((team.data?.items ?? []).map((member) => [member.userId, [member.name, member.lastName].filter(Boolean).join(' ') || member.email])),
    [team.data],
  );
  const now = useMemo(() => nowPlain(tenant.timeZone), [tenant.timeZone]);
  const pages = Math.max(1, Math.ceil((list.data?.total ?? 0) / CUSTOMER_APPOINTMENTS_PAGE_SIZE));

  const when = (appointment: Appointment) => {
    const start = fromParts(appointment.startDate);
    const end = fromParts(appointment.endDate);
    return intl.formatMessage(
      { id: 'customers.appointments.when', defaultMessage: '{day}, {start}–{end}' },
      { day: formatDateLong(start, intl.locale), start: formatTime(start), end: formatTime(end) },
    );
  };

  const body = (
    <QueryState query={list}>
      {(data) =>
        data.items.length === 0 ? (
          <EmptyState
            icon={<IconCalendarOff size={30} aria-hidden />}
            title={<FormattedMessage id="customers.appointments.empty.title" defaultMessage="No appointments yet" />}
            description={<FormattedMessage id="customers.appointments.empty.description" defaultMessage="Appointments booked for this customer will appear here." />}
          />
        ) : (
          <ListTable
            minWidth={560}
            columns={[
              { label: intl.formatMessage({ id: 'customers.appointments.date', defaultMessage: 'Date' }) },
              { label: intl.formatMessage({ id: 'customers.appointments.services', defaultMessage: 'Services' }) },
              { label: intl.formatMessage({ id: 'customers.appointments.member', defaultMessage: 'With' }) },
              { label: intl.formatMessage({ id: 'customers.appointments.status', defaultMessage: 'Status' }) },
            ]}
          >
            {data.items.map((appointment) => {
              const href = localizedPath(`/appointments/${appointment.id}`, locale);
              const upcoming = isUpcoming(appointment, now);
              return (
                <Table.Tr key={appointment.id}>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      <Anchor
                        href={href}
                        onClick={(event) => {
                          if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
                          event.preventDefault();
                          void navigate({ href });
                        }}
                      >
                        {when(appointment)}
                      </Anchor>
                      {upcoming ? (
                        <Badge size="xs" variant="dot">
                          <FormattedMessage id="customers.appointments.upcoming" defaultMessage="Upcoming" />
                        </Badge>
                      ) : null}
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{appointment.services.map((service) => service.name).join(', ')}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{names.get(appointment.userId) ??
                        (team.isPending ? '' : intl.formatMessage({ id: 'customers.appointments.member.unknown', defaultMessage: 'A former team member' }))}</Text>
                  </Table.Td>
                  <Table.Td>
                    <StatusBadge vocabulary={appointmentStatus} status={appointment.status} />
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </ListTable>
        )
      }
    </QueryState>
  );
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="customer-appointments-title">
      <Stack gap="md">
        <Stack gap={2}>
          <Title order={2} size="h4" id="customer-appointments-title">
            <FormattedMessage id="customers.appointments.title" defaultMessage="Appointments" />
          </Title>
          <Text size="sm" c="dimmed">
            <FormattedMessage
              id="customers.appointments.intro"
              defaultMessage="Upcoming first, then the past ones. Times in the business time zone ({timeZone})."
              values={{ timeZone: tenant.timeZone }}
            />
          </Text>
        </Stack>
        {body}
        {pages > 1 ? (
          <Group justify="center">
            <Pagination
                total={pages}
                value={page}
                onChange={setPage}
                getControlProps={(control) => ({
                  'aria-label':
                    control === 'previous' || control === 'first'
                      ? intl.formatMessage({ id: 'customers.appointments.page.previous', defaultMessage: 'Previous page' })
                      : intl.formatMessage({ id: 'customers.appointments.page.next', defaultMessage: 'Next page' }),
                })}
              />
          </Group>
        ) : null}
      </Stack>
    </Card>
  );
}
