import { Alert, Anchor, Badge, Button, Card, Checkbox, Group, Select, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconDownload, IconPlus, IconReceipt2, IconSearch } from '@tabler/icons-react';
import { keepPreviousData, useMutation, useQueries, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { exportExpensesMutation, listExpensesOptions } from '@generated/@tanstack/react-query.gen';
import type { ExpenseCategory, ExpenseFilters, ExpensePaymentMethod, Tenant } from '@generated/types.gen';
import { EmptyState } from '~/components/empty-state';
import { ListTable } from '~/components/list-table';
import { Figure } from '~/components/figure';
import { QueryState } from '~/components/query-state';
import { RoleGate } from '~/components/role-gate';
import { useIsManager } from '~/entities/session/use-team-role';
import { downloadBlob } from '~/lib/download';
import { localeParam } from '~/lib/locale';
import { useFormatMoney } from '~/lib/use-format-money';
import { today } from '~/lib/temporal';
import { useLocale } from '~/lib/use-locale';
import { describeExpenseFailure } from '../errors';
import { categoryMessages, expenseMessages as m, methodMessages } from '../messages';
import { CATEGORIES, METHODS } from './expense-form';
import { formatRate } from '~/lib/percent';

export const EXPENSES_PAGE_SIZE = 50;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

function monthStart(timeZone: string): { from: string; to: string } {
  const day = today(timeZone).toString();
  return { from: `${day.slice(0, 8)}01`, to: day };
}

/** /expenses: a period's expenses with filters, the totals per category and per tax rate, pages by cursor and the CSV. */
export function ExpensesListPage({ tenant }: { tenant: Tenant }) {
  const intl = useIntl();
  const locale = useLocale();
  const money = useFormatMoney();
  const isManager = useIsManager(tenant);
  const period = monthStart(tenant.timeZone);
  const [dateFrom, setDateFrom] = useState(period.from);
  const [dateTo, setDateTo] = useState(period.to);
  const [category, setCategory] = useState<ExpenseCategory | null>(null);
  const [method, setMethod] = useState<ExpensePaymentMethod | null>(null);
  const [supplierText, setSupplierText] = useState('');
  const [text, setText] = useState('');
  const [archived, setArchived] = useState(false);
  const [supplier] = useDebouncedValue(supplierText.trim(), 300);
  const [search] = useDebouncedValue(text.trim(), 300);
  const exportCall = useMutation(exportExpensesMutation());
  const [exportFailure, setExportFailure] = useState<string | null>(null);
  const filters: ExpenseFilters = {
    ...(DATE.test(dateFrom) ? { dateFrom } : {}),
    ...(DATE.test(dateTo) ? { dateTo } : {}),
    ...(category ? { category } : {}),
    ...(method ? { paymentMethod: method } : {}),
    ...(supplier ? { supplier } : {}),
    ...(search ? { text: search } : {}),
    ...(archived ? { archived: true } : {}),
  };
  // Keyset pages: the first page answers the totals; "Show more" adds the page after the last cursor.
  const [cursors, setCursors] = useState<string[]>([]);
  const [shownFilters, setShownFilters] = useState(filters);
  if (JSON.stringify(shownFilters) !== JSON.stringify(filters)) {
    setShownFilters(filters);
    setCursors([]);
  }
  const pageOptions = (cursor?: string) =>
    listExpensesOptions({
      path: { tenantId: tenant.id },
      query: { limit: EXPENSES_PAGE_SIZE },
      body: { tenantId: tenant.id, filters, ...(cursor ? { cursor } : {}) },
    });
  const first = useQuery({ ...pageOptions(), enabled: isManager === true, placeholderData: keepPreviousData });
  const more = useQueries({ queries: cursors.map((cursor) => ({ ...pageOptions(cursor), enabled: isManager === true })) });
  const items = [first.data, ...more.map((page) => page.data)].flatMap((page) => page?.items ?? []);
  const lastPage = cursors.length === 0 ? first.data : more[more.length - 1]?.data;
  const loadingMore = more.some((page) => page.isFetching);
  const to = (path: '/{-$locale}/expenses/create') => (props: object) => <Link {...props} to={path} params={{ locale: localeParam(locale) }} />;

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <Stack gap={4}>
          <Title order={1}>{intl.formatMessage(m.title)}</Title>
          <Text c="dimmed">{intl.formatMessage(m.intro)}</Text>
        </Stack>
        {isManager ? (
          <Group gap="sm">
            <Button
              variant="default"
              leftSection={<IconDownload size={16} aria-hidden />}
              loading={exportCall.isPending}
              onClick={async () => {
                setExportFailure(null);
                try {
                  const language = locale === 'es-ES' ? 'es-ES' : 'en-US';
                  // The server streams the file (with its byte-order mark); its name says the period it covers.
                  const csv = await exportCall.mutateAsync({ path: { tenantId: tenant.id }, body: { tenantId: tenant.id, locale: language, filters }, parseAs: 'blob' });
                  const name = language === 'es-ES' ? 'gastos' : 'expenses';
                  downloadBlob(`${[name, filters.dateFrom, filters.dateTo].filter(Boolean).join('-')}.csv`, csv as unknown as Blob);
                } catch (error) {
                  setExportFailure(describeExpenseFailure(intl, error) || intl.formatMessage(m.downloadFailed));
                }
              }}
            >
              {intl.formatMessage(m.download)}
            </Button>
            <Button leftSection={<IconPlus size={16} aria-hidden />} renderRoot={to('/{-$locale}/expenses/create')}>
              {intl.formatMessage(m.create)}
            </Button>
          </Group>
        ) : null}
      </Group>
      <RoleGate allowed={isManager} message={m.forbidden}>
        <Group align="flex-end" gap="sm" wrap="wrap">
          <TextInput type="date" label={intl.formatMessage(m.from)} value={dateFrom} onChange={(event) => setDateFrom(event.currentTarget.value)} />
          <TextInput type="date" label={intl.formatMessage(m.to)} value={dateTo} onChange={(event) => setDateTo(event.currentTarget.value)} />
          <Select
            label={intl.formatMessage(m.category)}
            placeholder={intl.formatMessage(m.any)}
            clearable
            searchable
            data={CATEGORIES.map((value) => ({ value, label: intl.formatMessage(categoryMessages[value]) }))}
            value={category}
            onChange={(value) => setCategory(value as ExpenseCategory | null)}
            w={200}
          />
          <Select
            label={intl.formatMessage(m.method)}
            placeholder={intl.formatMessage(m.any)}
            clearable
            data={METHODS.map((value) => ({ value, label: intl.formatMessage(methodMessages[value]) }))}
            value={method}
            onChange={(value) => setMethod(value as ExpensePaymentMethod | null)}
            w={170}
          />
          <TextInput label={intl.formatMessage(m.supplierFilter)} value={supplierText} onChange={(event) => setSupplierText(event.currentTarget.value)} w={180} />
          <TextInput
            label={intl.formatMessage(m.search)}
            placeholder={intl.formatMessage(m.searchPlaceholder)}
            leftSection={<IconSearch size={16} aria-hidden />}
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
            miw={220}
          />
          <Checkbox label={intl.formatMessage(m.showArchived)} checked={archived} onChange={(event) => setArchived(event.currentTarget.checked)} mb={8} />
        </Group>
        {exportFailure ? (
          <Alert color="red" role="alert">
            {exportFailure}
          </Alert>
        ) : null}
        <QueryState query={first}>
          {(list) => (
            <Stack gap="md">
              <Card withBorder padding="sm" aria-label={intl.formatMessage(m.totalsTitle)} component="section">
                <SimpleGrid cols={{ base: 2, sm: 4 }}>
                  <Figure label={intl.formatMessage(m.count, { count: list.totals.count })} value={money(list.totals.amount)} testId="expenses-total" />
                  <Figure label={intl.formatMessage(m.base)} value={money(list.totals.base)} />
                  <Figure label={intl.formatMessage(m.tax)} value={money(list.totals.taxAmount)} />
                  <Figure label={intl.formatMessage(m.withholding)} value={money(list.totals.withholding)} />
                </SimpleGrid>
                {list.totals.count > 0 ? (
                  <SimpleGrid cols={{ base: 1, sm: 2 }} mt="sm">
                    <Stack gap={2} aria-label={intl.formatMessage(m.byCategory)} component="section">
                      <Text size="xs" c="dimmed" fw={600}>
                        {intl.formatMessage(m.byCategory)}
                      </Text>
                      {list.totals.byCategory.map((entry) => (
                        <Group key={entry.category} justify="space-between" gap="xs">
                          <Text size="sm">
                            {intl.formatMessage(m.categoryCount, { category: intl.formatMessage(categoryMessages[entry.category]), count: entry.count })}
                          </Text>
                          <Text size="sm" fw={500}>
                            {money(entry.amount)}
                          </Text>
                        </Group>
                      ))}
                    </Stack>
                    <Stack gap={2} aria-label={intl.formatMessage(m.byRate)} component="section">
                      <Text size="xs" c="dimmed" fw={600}>
                        {intl.formatMessage(m.byRate)}
                      </Text>
                      {list.totals.byRate.map((entry) => (
                        <Group key={entry.taxPercentage} justify="space-between" gap="xs" data-testid="rate-total">
                          <Text size="sm">{formatRate(entry.taxPercentage, intl.locale)}</Text>
                          <Text size="sm">
                            {intl.formatMessage(m.basePlusTax, { base: money(entry.base), tax: money(entry.tax) })}
                          </Text>
                        </Group>
                      ))}
                    </Stack>
                  </SimpleGrid>
                ) : null}
              </Card>
              {items.length === 0 ? (
                <EmptyState
                  icon={<IconReceipt2 size={30} aria-hidden />}
                  title={intl.formatMessage(m.empty)}
                  description={intl.formatMessage(m.emptyHint)}
                  action={
                    <Button leftSection={<IconPlus size={16} aria-hidden />} renderRoot={to('/{-$locale}/expenses/create')}>
                      {intl.formatMessage(m.create)}
                    </Button>
                  }
                />
              ) : (
                <ListTable
                  minWidth={600}
                  label={intl.formatMessage(m.title)}
                  columns={[
                    { label: intl.formatMessage(m.date) },
                    { label: intl.formatMessage(m.supplier) },
                    { label: intl.formatMessage(m.category) },
                    { label: intl.formatMessage(m.tax), align: 'right' },
                    { label: intl.formatMessage(m.total), align: 'right' },
                  ]}
                >
                  {items.map((expense) => (
                    <Table.Tr key={expense.id} data-testid="expense-row">
                      <Table.Td>
                        <Anchor renderRoot={(props) => <Link {...props} to="/{-$locale}/expenses/$id" params={{ locale: localeParam(locale), id: expense.id }} />}>
                          {intl.formatDate(`${expense.date}T12:00:00`, { dateStyle: 'medium' })}
                        </Anchor>
                      </Table.Td>
                      <Table.Td>
                        <Group gap={4}>
                          <span>{expense.supplier ?? intl.formatMessage(m.noSupplier)}</span>
                          {expense.possibleDuplicateIds.length > 0 ? (
                            <Badge color="yellow" size="xs" variant="light">
                              {intl.formatMessage(m.duplicate, { count: expense.possibleDuplicateIds.length }).split(':')[0]}
                            </Badge>
                          ) : null}
                        </Group>
                      </Table.Td>
                      <Table.Td>{intl.formatMessage(categoryMessages[expense.category])}</Table.Td>
                      <Table.Td ta="right">{money(expense.taxAmount)}</Table.Td>
                      <Table.Td ta="right">{money(expense.amount)}</Table.Td>
                    </Table.Tr>
                  ))}
                </ListTable>
              )}
              {lastPage?.nextCursor ? (
                <Group>
                  <Button variant="default" loading={loadingMore} onClick={() => setCursors((list) => [...list, lastPage.nextCursor!])}>
                    {intl.formatMessage(m.more)}
                  </Button>
                </Group>
              ) : null}
            </Stack>
          )}
        </QueryState>
      </RoleGate>
    </Stack>
  );
}
