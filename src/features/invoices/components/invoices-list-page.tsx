import { Group, Text } from '@mantine/core';
import { IconFileInvoice } from '@tabler/icons-react';
import { FormattedMessage, useIntl } from 'react-intl';
import { listInvoicesOptions } from '@generated/@tanstack/react-query.gen';
import type { InvoiceStatus, Tenant } from '@generated/types.gen';
import { invoicePaymentStatus, invoiceStatus } from '~/entities/invoice/status';
import { StatusBadge } from '~/entities/status-badge';
import { AnchorLink } from '~/components/anchor-link';
import { RecordListPage } from '~/components/record-list-page';
import { formatMoney } from '~/lib/money';
import { useLocale } from '~/lib/use-locale';
import { defaultInvoicesQuery, INVOICES_PAGE_SIZE } from '../list-query';
import { invoiceMessages as m, kindLabels } from '../messages';

/** /invoices: drafts first, then the issued ones newest first; search, a status filter, pages. */
export function InvoicesListPage({ tenant }: { tenant: Tenant }) {
  const intl = useIntl();
  const locale = useLocale();
  return (
    <RecordListPage
      title={intl.formatMessage(m.title)}
      intro={
        <Group gap="xs">
          <Text c="dimmed">{intl.formatMessage(m.intro)}</Text>
          <AnchorLink to="/{-$locale}/invoices/settings">{intl.formatMessage(m.settingsLink)}</AnchorLink>
        </Group>
      }
      maw={1100}
      canManage
      create={{ to: '/{-$locale}/invoices/create', label: intl.formatMessage(m.create) }}
      defaultQuery={defaultInvoicesQuery as { limit: number; offset: number; q?: string; status?: InvoiceStatus }}
      pageSize={INVOICES_PAGE_SIZE}
      options={(query) => listInvoicesOptions({ path: { tenantId: tenant.id }, query })}
      search={{ label: intl.formatMessage(m.searchLabel), placeholder: intl.formatMessage(m.searchPlaceholder) }}
      filter={{
        label: intl.formatMessage(m.filterLabel),
        data: [
          { value: 'all', label: intl.formatMessage(m.all) },
          { value: 'INVOICE_STATUS_DRAFT', label: intl.formatMessage(invoiceStatus.labels.INVOICE_STATUS_DRAFT) },
          { value: 'INVOICE_STATUS_ISSUED', label: intl.formatMessage(invoiceStatus.labels.INVOICE_STATUS_ISSUED) },
          { value: 'INVOICE_STATUS_VOIDED', label: intl.formatMessage(invoiceStatus.labels.INVOICE_STATUS_VOIDED) },
        ],
        query: (value) => ({ status: value as InvoiceStatus }),
      }}
      empty={{ icon: <IconFileInvoice size={30} aria-hidden />, title: intl.formatMessage(m.emptyTitle), description: intl.formatMessage(m.emptyDescription) }}
      noMatch={{
        title: <FormattedMessage id="invoices.list.noMatch.title" defaultMessage="No invoices match" />,
        description: <FormattedMessage id="invoices.list.noMatch.description" defaultMessage="Try another search or show all invoices." />,
      }}
      minWidth={760}
      rowKey={(invoice) => invoice.id}
      columns={[
        {
          label: intl.formatMessage(m.number),
          cell: (invoice) => (
            <AnchorLink to="/{-$locale}/invoices/$id" params={{ id: invoice.id }}>
              {invoice.displayNumber ?? intl.formatMessage(m.draftNumber)}
            </AnchorLink>
          ),
        },
        { label: intl.formatMessage(m.customer), cell: (invoice) => invoice.customer.name },
        { label: intl.formatMessage(m.kind), cell: (invoice) => intl.formatMessage(kindLabels[invoice.kind]) },
        { label: intl.formatMessage(m.issueDate), cell: (invoice) => invoice.issueDate ?? '' },
        { label: intl.formatMessage(m.total), align: 'right', cell: (invoice) => formatMoney(invoice.totals.total.amount, { currencyCode: invoice.currency, locale }) },
        { label: intl.formatMessage(m.status), cell: (invoice) => <StatusBadge vocabulary={invoiceStatus} status={invoice.status} /> },
        {
          label: intl.formatMessage(m.payment),
          cell: (invoice) => (invoice.status === 'INVOICE_STATUS_ISSUED' ? <StatusBadge vocabulary={invoicePaymentStatus} status={invoice.paymentStatus} /> : null),
        },
      ]}
    />
  );
}
