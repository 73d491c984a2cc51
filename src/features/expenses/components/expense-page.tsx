import { Alert, Anchor, Badge, Button, Grid, Group, Modal, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconArchive } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { deleteExpenseMutation, getExpenseOptions, getExpenseQueryKey, updateExpenseMutation } from '@generated/@tanstack/react-query.gen';
import type { Tenant } from '@generated/types.gen';
import { AnchorLink } from '~/components/anchor-link';
import { PageHeader } from '~/components/page-header';
import { QueryState } from '~/components/query-state';
import { localeParam } from '~/lib/locale';
import { useLocale } from '~/lib/use-locale';
import { describeExpenseFailure } from '../errors';
import { expenseMessages as m } from '../messages';
import { ExpenseForm, formValues } from './expense-form';
import { ReceiptImage } from './receipt-image';

/** /expenses/{id}: the expense beside its receipt, editable (with its version) until archived. */
export function ExpensePage({ tenant, id }: { tenant: Tenant; id: string }) {
  const intl = useIntl();
  const locale = useLocale();
  const queryClient = useQueryClient();
  const options = getExpenseOptions({ path: { tenantId: tenant.id, id } });
  const query = useQuery(options);
  const update = useMutation(updateExpenseMutation());
  const archive = useMutation(deleteExpenseMutation());
  const [failure, setFailure] = useState<string | null>(null);
  const [confirming, confirm] = useDisclosure(false);
  const refresh = () => queryClient.invalidateQueries({ predicate: (q) => JSON.stringify(q.queryKey).includes('listExpenses') });

  return (
    <Stack gap="lg" maw={1100}>
      <QueryState query={query}>
        {({ expense }) => (
          <>
            <PageHeader
              back={<AnchorLink to="/{-$locale}/expenses">{intl.formatMessage(m.back)}</AnchorLink>}
              title={expense.supplier ?? intl.formatMessage(m.title)}
              badges={expense.archived ? <Badge color="gray">{intl.formatMessage(m.archived)}</Badge> : null}
              subtitle={
                <Text c="dimmed" size="sm">
                  {intl.formatDate(`${expense.date}T12:00:00`, { dateStyle: 'long' })}
                </Text>
              }
              actions={
                expense.archived ? null : (
                  <Button variant="default" color="red" leftSection={<IconArchive size={16} aria-hidden />} onClick={confirm.open}>
                    {intl.formatMessage(m.archive)}
                  </Button>
                )
              }
            />
            {expense.archived ? <Alert color="gray">{intl.formatMessage(m.archivedNote)}</Alert> : null}
            {expense.possibleDuplicateIds.length > 0 ? (
              <Alert color="yellow" data-testid="duplicate-warning">
                <Text size="sm">{intl.formatMessage(m.duplicate, { count: expense.possibleDuplicateIds.length })}</Text>
                <Anchor renderRoot={(props) => <Link {...props} to="/{-$locale}/expenses/$id" params={{ locale: localeParam(locale), id: expense.possibleDuplicateIds[0]! }} />}>
                  {intl.formatMessage(m.openDuplicate)}
                </Anchor>
              </Alert>
            ) : null}
            {failure ? (
              <Alert color="red" role="alert">
                {failure}
              </Alert>
            ) : null}
            <Grid gap="lg">
              <Grid.Col span={{ base: 12, md: 7 }} order={{ base: 2, md: 1 }}>
                <ExpenseForm
                  key={expense.version}
                  initial={formValues({ expense, defaultRate: tenant.taxPercentage, today: expense.date })}
                  currency={expense.amount.currency}
                  locale={locale}
                  disabled={expense.archived}
                  submitLabel={intl.formatMessage(m.save)}
                  onSubmit={async (input) => {
                    setFailure(null);
                    try {
                      const saved = await update.mutateAsync({
                        path: { tenantId: tenant.id, id },
                        body: { expense: { ...input, ...(expense.receiptAssetId ? { receiptAssetId: expense.receiptAssetId } : {}), version: expense.version } },
                      });
                      queryClient.setQueryData(getExpenseQueryKey({ path: { tenantId: tenant.id, id } }), saved);
                      await refresh();
                      notifications.show({ color: 'green', title: intl.formatMessage(m.saved), message: saved.expense.supplier ?? saved.expense.date });
                    } catch (error) {
                      setFailure(describeExpenseFailure(intl, error));
                    }
                  }}
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, md: 5 }} order={{ base: 1, md: 2 }}>
                <ReceiptImage tenantId={tenant.id} {...(expense.receiptAssetId ? { assetId: expense.receiptAssetId } : {})} />
              </Grid.Col>
            </Grid>
            <Modal opened={confirming} onClose={confirm.close} title={intl.formatMessage(m.archive)}>
              <Stack>
                <Text>{intl.formatMessage(m.archiveConfirm)}</Text>
                <Group justify="flex-end">
                  <Button variant="default" onClick={confirm.close}>
                    {intl.formatMessage(m.cancel)}
                  </Button>
                  <Button
                    color="red"
                    loading={archive.isPending}
                    onClick={async () => {
                      try {
                        await archive.mutateAsync({ path: { tenantId: tenant.id, id } });
                        confirm.close();
                        await query.refetch();
                        await refresh();
                        notifications.show({ color: 'green', title: intl.formatMessage(m.archivedDone), message: expense.supplier ?? expense.date });
                      } catch (error) {
                        confirm.close();
                        setFailure(describeExpenseFailure(intl, error));
                      }
                    }}
                  >
                    {intl.formatMessage(m.archive)}
                  </Button>
                </Group>
              </Stack>
            </Modal>
          </>
        )}
      </QueryState>
    </Stack>
  );
}
