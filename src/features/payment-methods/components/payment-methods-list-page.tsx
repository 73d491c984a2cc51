import { Badge, Group, Table } from '@mantine/core';
import { IconCash } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { FormattedMessage, useIntl } from 'react-intl';
import { listPaymentMethodsOptions } from '@generated/@tanstack/react-query.gen';
import type { Tenant } from '@generated/types.gen';
import { EmptyState } from '~/components/empty-state';
import { ListBody, ListPageShell } from '~/components/list-page-shell';
import { useCanManageCatalogue } from '~/entities/session/use-can-manage-catalogue';
import { useListPaging } from '~/lib/use-list-paging';
import { ReadOnlyNote } from '~/components/read-only-note';
import { ListTable } from '~/components/list-table';
import { CreateButton } from '~/components/create-button';
import { AnchorLink } from '~/components/anchor-link';
import { kindName, paymentMethodMessages } from '../messages';
import { defaultPaymentMethodsQuery, PAYMENT_METHODS_PAGE_SIZE } from '../list-query';

/** /payment-methods: how the business gets paid, in till order. */
export function PaymentMethodsListPage({ tenant }: { tenant: Tenant }) {
  const intl = useIntl();
  const canManage = useCanManageCatalogue(tenant);
  const paging = useListPaging(PAYMENT_METHODS_PAGE_SIZE);
  const query = { ...defaultPaymentMethodsQuery, offset: paging.offset };
  const list = useQuery({ ...listPaymentMethodsOptions({ path: { tenantId: tenant.id }, query }), placeholderData: keepPreviousData });
  const percent = (value: number) => intl.formatNumber(value / 100, { style: 'percent', maximumFractionDigits: 2 });
  const createLink = canManage ? (
    <CreateButton to="/{-$locale}/payment-methods/create">
      <FormattedMessage id="paymentMethods.list.create" defaultMessage="New payment method" />
    </CreateButton>
  ) : null;

  const body = (
    <ListBody
      list={list}
      empty={
        <EmptyState
          icon={<IconCash size={30} aria-hidden />}
          title={<FormattedMessage id="paymentMethods.list.empty.title" defaultMessage="No payment methods" />}
          description={<FormattedMessage id="paymentMethods.list.empty.description" defaultMessage="Add the ways your customers pay you, such as cash or card." />}
          action={createLink}
        />
      }
    >
      {(items) => (
        <ListTable
          minWidth={560}
          columns={[
            { label: <FormattedMessage id="paymentMethods.list.name" defaultMessage="Payment method" /> },
            { label: <FormattedMessage id="paymentMethods.list.kind" defaultMessage="Kind" /> },
            { label: <FormattedMessage id="paymentMethods.list.commission" defaultMessage="Commission" />, align: 'right' },
            { label: <FormattedMessage id="paymentMethods.list.order" defaultMessage="Order" />, align: 'right' },
          ]}
        >
          {items.map((method) => (
            <Table.Tr key={method.id}>
              <Table.Td>
                <Group gap="xs" wrap="nowrap">
                  <AnchorLink to="/{-$locale}/payment-methods/$id" params={{ id: method.id }}>
                    {method.name}
                  </AnchorLink>
                  {method.isDefault ? (
                    <Badge variant="light">{intl.formatMessage(paymentMethodMessages.isDefault)}</Badge>
                  ) : null}
                  {method.active ? null : (
                    <Badge color="gray" variant="light">
                      {intl.formatMessage(paymentMethodMessages.inactive)}
                    </Badge>
                  )}
                </Group>
              </Table.Td>
              <Table.Td>{intl.formatMessage(kindName(method.kind))}</Table.Td>
              <Table.Td ta="right">{percent(method.commissionPercentage)}</Table.Td>
              <Table.Td ta="right">{intl.formatNumber(method.sortOrder)}</Table.Td>
            </Table.Tr>
          ))}
        </ListTable>
      )}
    </ListBody>
  );

  return (
    <ListPageShell
      title={<FormattedMessage id="paymentMethods.list.title" defaultMessage="Payment methods" />}
      intro={<FormattedMessage id="paymentMethods.list.intro" defaultMessage="The ways your customers pay you, in the order the till offers them." />}
      actions={createLink}
      notices={
        <>
          <ReadOnlyNote show={canManage === false} message={paymentMethodMessages.readOnly} />
        </>
      }
      page={paging.page}
      pages={paging.pages(list.data?.total)}
      onPageChange={paging.setPage}
      maw={960}
    >
      {body}
    </ListPageShell>
  );
}
