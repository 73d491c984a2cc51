import { Alert, Anchor, Button, Card, Group, Modal, Select, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import {
  createAdminInvoiceMutation,
  deleteAdminInvoiceMutation,
  getAdminInvoicePdfOptions,
  issueAdminInvoiceMutation,
  listAdminInvoicesOptions,
  listAdminInvoicesQueryKey,
  listAdminTenantsOptions,
  markAdminInvoicePaidMutation,
} from '@generated/@tanstack/react-query.gen';
import type { AdminInvoice, AdminInvoicePlan, AdminTenant } from '@generated/types.gen';
import { invoicePaymentStatus, invoiceStatus } from '~/entities/invoice/status';
import { useSession } from '~/entities/session/use-session';
import { StatusBadge } from '~/entities/status-badge';
import { MoneyInput } from '~/components/money-input';
import { QueryState } from '~/components/query-state';
import { formatMoney } from '~/lib/money';
import { useIdempotencyKey } from '~/lib/use-idempotency-key';
import { useLocale } from '~/lib/use-locale';
import { RateInput } from '~/components/rate-input';
import { ListTable } from '~/components/list-table';
import { adminInvoiceMessages as m } from '../messages';

/** /admin/invoice/management: platform administrators bill businesses (the businesses list links to each one's invoices). */
export function AdminInvoicesPage() {
  const intl = useIntl();
  const session = useSession();
  const [tenantFilter, setTenantFilter] = useState<AdminTenant | null>(null);
  const [billing, setBilling] = useState<AdminTenant | null>(null);
  if (!session.isAdmin) {
    return (
      <Alert color="gray" role="status">
        {intl.formatMessage(m.notAdmin)}
      </Alert>
    );
  }
  return (
    <Stack gap="lg" maw={1200}>
      <Stack gap={4}>
        <Title order={1}>{intl.formatMessage(m.title)}</Title>
        <Text c="dimmed">{intl.formatMessage(m.intro)}</Text>
      </Stack>
      <TenantsCard onShow={setTenantFilter} onBill={setBilling} />
      <InvoicesCard tenant={tenantFilter} onClear={() => setTenantFilter(null)} />
      {billing ? <BillModal tenant={billing} onClose={() => setBilling(null)} /> : null}
    </Stack>
  );
}

function TenantsCard({ onShow, onBill }: { onShow: (t: AdminTenant) => void; onBill: (t: AdminTenant) => void }) {
  const intl = useIntl();
  const [q, setQ] = useState('');
  const query = useQuery(listAdminTenantsOptions({ query: { limit: 50, offset: 0, ...(q.trim() ? { q: q.trim() } : {}) } }));
  return (
    <Card withBorder>
      <Stack>
        <Group justify="space-between">
          <Title order={2} size="h4">
            {intl.formatMessage(m.tenants)}
          </Title>
          <TextInput aria-label={intl.formatMessage(m.business)} placeholder={intl.formatMessage(m.business)} value={q} onChange={(e) => setQ(e.currentTarget.value)} />
        </Group>
        <QueryState query={query}>
          {(data) => (
            <ListTable
              minWidth={700}
              label={intl.formatMessage(m.tenants)}
              columns={[{ label: intl.formatMessage(m.business) }, { label: intl.formatMessage(m.owner) }, { label: intl.formatMessage(m.licence) }, { label: intl.formatMessage(m.actions), hideLabel: true }]}
            >
              {data.items.map((t) => (
                <Table.Tr key={t.id}>
                  <Table.Td>
                    <Anchor component="button" type="button" onClick={() => onShow(t)}>
                      {intl.formatMessage(m.showInvoices, { name: t.businessName })}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{t.ownerEmail}</Table.Td>
                  <Table.Td>{t.licenseStatus.replace('LICENSE_STATUS_', '')}</Table.Td>
                  <Table.Td>
                    <Button size="xs" variant="light" onClick={() => onBill(t)}>
                      {intl.formatMessage(m.bill, { name: t.businessName })}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </ListTable>
          )}
        </QueryState>
      </Stack>
    </Card>
  );
}

function InvoicesCard({ tenant, onClear }: { tenant: AdminTenant | null; onClear: () => void }) {
  const intl = useIntl();
  const locale = useLocale();
  const queryClient = useQueryClient();
  const query = useQuery(listAdminInvoicesOptions({ query: { limit: 100, offset: 0, ...(tenant ? { tenantId: tenant.id } : {}) } }));
  const issue = useMutation(issueAdminInvoiceMutation());
  const paid = useMutation(markAdminInvoicePaidMutation());
  const remove = useMutation(deleteAdminInvoiceMutation());
  const act = async (action: () => Promise<unknown>) => {
    try {
      await action();
      notifications.show({ color: 'green', title: intl.formatMessage(m.done), message: '' });
    } catch (error) {
      notifications.show({ color: 'red', title: intl.formatMessage(m.failed, { detail: (error as { detail?: string })?.detail ?? '' }), message: '' });
    }
    await queryClient.invalidateQueries({ queryKey: listAdminInvoicesQueryKey() });
  };
  const pdf = (invoice: AdminInvoice) =>
    act(async () => {
      const blob = (await queryClient.fetchQuery({ ...getAdminInvoicePdfOptions({ path: { id: invoice.id } }), staleTime: 0 })) as unknown as Blob;
      const url = URL.createObjectURL(blob);
      const anchor = document.createElement('a');
      anchor.href = url;
      anchor.download = `${invoice.number ?? 'draft'}.pdf`;
      anchor.click();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    });
  return (
    <Card withBorder>
      <Stack>
        <Group justify="space-between">
          <Title order={2} size="h4">
            {tenant ? intl.formatMessage(m.showInvoices, { name: tenant.businessName }) : intl.formatMessage(m.invoices)}
          </Title>
          {tenant ? (
            <Button variant="subtle" onClick={onClear}>
              {intl.formatMessage(m.allInvoices)}
            </Button>
          ) : null}
        </Group>
        <QueryState query={query}>
          {(data) =>
            data.items.length === 0 ? (
              <Text c="dimmed">{intl.formatMessage(m.empty)}</Text>
            ) : (
              <ListTable
                minWidth={900}
                label={intl.formatMessage(m.invoices)}
                columns={[
                  { label: intl.formatMessage(m.number) },
                  { label: intl.formatMessage(m.business) },
                  { label: intl.formatMessage(m.period) },
                  { label: intl.formatMessage(m.amount), align: 'right' },
                  { label: intl.formatMessage(m.status) },
                  { label: intl.formatMessage(m.actions), hideLabel: true },
                ]}
              >
                {data.items.map((invoice) => (
                  <Table.Tr key={invoice.id}>
                    <Table.Td>{invoice.number ?? intl.formatMessage(m.draft)}</Table.Td>
                    <Table.Td>{invoice.tenantName}</Table.Td>
                    <Table.Td>{intl.formatMessage(m.periodValue, { start: invoice.periodStart, end: invoice.periodEnd })}</Table.Td>
                    <Table.Td ta="right">{formatMoney(invoice.amount.amount, { currencyCode: invoice.amount.currency, locale })}</Table.Td>
                    <Table.Td>
                      <Group gap={4}>
                        <StatusBadge vocabulary={invoiceStatus} status={invoice.status} />
                        {invoice.status === 'INVOICE_STATUS_ISSUED' ? <StatusBadge vocabulary={invoicePaymentStatus} status={invoice.paymentStatus} /> : null}
                      </Group>
                    </Table.Td>
                    <Table.Td>
                      <Group gap={4}>
                        {invoice.status === 'INVOICE_STATUS_DRAFT' ? (
                          <>
                            <Button size="xs" onClick={() => void act(() => issue.mutateAsync({ path: { id: invoice.id }, body: { version: invoice.version } }))}>
                              {intl.formatMessage(m.issue)}
                            </Button>
                            <Button size="xs" color="red" variant="subtle" onClick={() => void act(() => remove.mutateAsync({ path: { id: invoice.id } }))}>
                              {intl.formatMessage(m.delete)}
                            </Button>
                          </>
                        ) : null}
                        {invoice.status === 'INVOICE_STATUS_ISSUED' && !invoice.paidAt ? (
                          <Button size="xs" variant="light" onClick={() => void act(() => paid.mutateAsync({ path: { id: invoice.id }, body: { version: invoice.version } }))}>
                            {intl.formatMessage(m.markPaid)}
                          </Button>
                        ) : null}
                        <Button size="xs" variant="default" onClick={() => void pdf(invoice)}>
                          {intl.formatMessage(m.pdf)}
                        </Button>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </ListTable>
            )
          }
        </QueryState>
      </Stack>
    </Card>
  );
}

function BillModal({ tenant, onClose }: { tenant: AdminTenant; onClose: () => void }) {
  const intl = useIntl();
  const locale = useLocale();
  const queryClient = useQueryClient();
  const create = useMutation(createAdminInvoiceMutation());
  const key = useIdempotencyKey();
  const [plan, setPlan] = useState<AdminInvoicePlan>('SUBSCRIPTION_PLAN_PRO');
  const [periodStart, setPeriodStart] = useState('');
  const [periodEnd, setPeriodEnd] = useState('');
  const [amount, setAmount] = useState<number | null>(null);
  const [tax, setTax] = useState<number | string>(21);
  const [failure, setFailure] = useState<string | null>(null);
  return (
    <Modal opened onClose={onClose} title={intl.formatMessage(m.bill, { name: tenant.businessName })}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          setFailure(null);
          create
            .mutateAsync({
              body: { adminInvoice: { tenantId: tenant.id, plan, periodStart, periodEnd, amount: { amount: amount ?? 0, currency: 'EUR' }, taxPercentage: Number(tax) || 0 } },
              headers: { 'Idempotency-Key': key.key() },
            })
            .then(async () => {
              key.renew();
              await queryClient.invalidateQueries({ queryKey: listAdminInvoicesQueryKey() });
              onClose();
            })
            .catch((error: unknown) => setFailure((error as { detail?: string })?.detail ?? intl.formatMessage(m.failed, { detail: '' })));
        }}
      >
        <Stack>
          {failure ? (
            <Alert color="red" role="alert">
              {failure}
            </Alert>
          ) : null}
          <Select
            label={intl.formatMessage(m.plan)}
            value={plan}
            onChange={(v) => v && setPlan(v as AdminInvoicePlan)}
            allowDeselect={false}
            data={[
              { value: 'SUBSCRIPTION_PLAN_PRO', label: 'Pro' },
              { value: 'SUBSCRIPTION_PLAN_PREMIUM', label: 'Premium' },
            ]}
          />
          <SimpleGrid cols={2}>
            <TextInput type="date" label={intl.formatMessage(m.periodStart)} value={periodStart} onChange={(e) => setPeriodStart(e.currentTarget.value)} required />
            <TextInput type="date" label={intl.formatMessage(m.periodEnd)} value={periodEnd} onChange={(e) => setPeriodEnd(e.currentTarget.value)} required />
          </SimpleGrid>
          <SimpleGrid cols={2}>
            <MoneyInput label={intl.formatMessage(m.amount)} value={amount} onChange={setAmount} currencyCode="EUR" locale={locale} required />
            <RateInput label={intl.formatMessage(m.taxPercentage)} value={tax} onChange={setTax} locale={locale} />
          </SimpleGrid>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {intl.formatMessage(m.cancel)}
            </Button>
            <Button type="submit" loading={create.isPending}>
              {intl.formatMessage(m.createDraft)}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
