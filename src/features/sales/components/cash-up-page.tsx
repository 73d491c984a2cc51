import { Anchor, Group, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { getCashUpOptions, listTeamMembersOptions } from '@generated/@tanstack/react-query.gen';
import type { CashUpRow, Tenant } from '@generated/types.gen';
import { ListTable } from '~/components/list-table';
import { QueryState } from '~/components/query-state';
import { localeParam } from '~/lib/locale';
import { today, toDateString } from '~/lib/temporal';
import { useFormatMoney } from '~/lib/use-format-money';
import { useLocale } from '~/lib/use-locale';
import { salesMessages as m } from '../messages';

/** /sales/cash-up: what each payment method took in a day (business time zone), for everyone and per member. */
export function CashUpPage({ tenant }: { tenant: Tenant }) {
  const intl = useIntl();
  const locale = useLocale();
  const money = useFormatMoney();
  const [date, setDate] = useState(() => toDateString(today(tenant.timeZone)));
  const valid = /^\d{4}-\d{2}-\d{2}$/.test(date);
  const cashUp = useQuery({ ...getCashUpOptions({ path: { tenantId: tenant.id }, query: { date } }), enabled: valid });
  const team = useQuery(listTeamMembersOptions({ path: { tenantId: tenant.id }, query: { limit: 200 } }));
  const memberName = (userId?: string) => {
    const member = team.data?.items.find((candidate) => candidate.userId === userId);
    return member ? [member.name, member.lastName].filter(Boolean).join(' ') || member.email : (userId ?? '');
  };
  const table = (rows: CashUpRow[], label: string, withMember: boolean) => (
    <ListTable
      minWidth={640}
      dense
      label={label}
      columns={[
        { label: intl.formatMessage(m.method) },
        ...(withMember ? [{ label: intl.formatMessage(m.member) }] : []),
        { label: intl.formatMessage(m.transactions), align: 'right' },
        { label: intl.formatMessage(m.collected), align: 'right' },
        { label: intl.formatMessage(m.tips), align: 'right' },
        { label: intl.formatMessage(m.refundedMoney), align: 'right' },
        { label: intl.formatMessage(m.commission), align: 'right' },
        { label: intl.formatMessage(m.net), align: 'right' },
      ]}
    >
      {rows.map((row) => (
        <Table.Tr key={`${row.paymentMethodId}/${row.userId ?? ''}`}>
          <Table.Td>{row.paymentMethodName}</Table.Td>
          {withMember ? <Table.Td>{memberName(row.userId)}</Table.Td> : null}
          <Table.Td ta="right">{row.count}</Table.Td>
          <Table.Td ta="right">{money(row.collected)}</Table.Td>
          <Table.Td ta="right">{money(row.tips)}</Table.Td>
          <Table.Td ta="right">{money(row.refunded)}</Table.Td>
          <Table.Td ta="right">{money(row.commission)}</Table.Td>
          <Table.Td ta="right" fw={600}>
            {money(row.net)}
          </Table.Td>
        </Table.Tr>
      ))}
    </ListTable>
  );
  return (
    <Stack gap="lg" maw={1000}>
      <Stack gap={4}>
        <Anchor size="sm" renderRoot={(props) => <Link {...props} to="/{-$locale}/sales" params={{ locale: localeParam(locale) }} />}>
          <Group gap={4}>
            <IconArrowLeft size={14} aria-hidden />
            {intl.formatMessage(m.back)}
          </Group>
        </Anchor>
        <Title order={1}>{intl.formatMessage(m.cashUpTitle)}</Title>
        <Text c="dimmed">{intl.formatMessage(m.cashUpIntro)}</Text>
      </Stack>
      <TextInput type="date" label={intl.formatMessage(m.day)} value={date} onChange={(event) => setDate(event.currentTarget.value)} w={200} />
      {valid ? (
        <QueryState query={cashUp}>
          {(data) =>
            data.rows.length === 0 ? (
              <Text c="dimmed">{intl.formatMessage(m.nothingToday)}</Text>
            ) : (
              <Stack gap="md">
                {table(data.byMethod, intl.formatMessage(m.cashUpTitle), false)}
                <Group justify="flex-end">
                  <Text fw={700} data-testid="cash-up-total">
                    {intl.formatMessage(m.netTotal, { amount: money(data.total) })}
                  </Text>
                </Group>
                <Title order={2} size="h4">
                  {intl.formatMessage(m.byMember)}
                </Title>
                {table(data.rows, intl.formatMessage(m.byMember), true)}
              </Stack>
            )
          }
        </QueryState>
      ) : null}
    </Stack>
  );
}
