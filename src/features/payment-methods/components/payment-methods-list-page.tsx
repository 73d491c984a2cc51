import { Anchor, Badge, Button, Group, Table, Text } from '@mantine/core';
import { IconCash, IconPlus } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { listPaymentMethodsOptions } from '@generated/@tanstack/react-query.gen';
import type { Tenant } from '@generated/types.gen';
import { useLocale } from '~/app/use-locale';
import { EmptyState } from '~/components/empty-state';
import { ListBody, ListPageShell } from '~/components/list-page-shell';
import { localeParam } from '~/lib/locale';
import { useCanManageCatalogue } from '~/app/session/use-can-manage-catalogue';
import { kindName, paymentMethodMessages } from '../messages';
import { defaultPaymentMethodsQuery, PAYMENT_METHODS_PAGE_SIZE } from '../list-query';

/** /payment-methods: how the business gets paid, in till order. */
export function PaymentMethodsListPage({ tenant }: { tenant: Tenant }) {
  const intl = useIntl();
  const locale = useLocale();
  const canManage = useCanManageCatalogue(tenant);
  const [page, setPage] = useState(1);
  const query = { ...defaultPaymentMethodsQuery, offset: (page - 1) * PAYMENT_METHODS_PAGE_SIZE };
  const list = useQuery({ ...listPaymentMethodsOptions({ path: { tenantId: tenant.id }, query }), placeholderData: keepPreviousData });
  const pages = Math.max(1, Math.ceil((list.data?.total ?? 0) / PAYMENT_METHODS_PAGE_SIZE));
  const percent = (value: number) => intl.formatNumber(value / 100, { style: 'percent', maximumFractionDigits: 2 });
  const createLink = canManage ? (
    <Button
      leftSection={<IconPlus size={18} aria-hidden />}
      renderRoot={(props) => <Link {...props} to="/{-$locale}/payment-methods/create" params={{ locale: localeParam(locale) }} />}
    >
      <FormattedMessage id="paymentMethods.list.create" defaultMessage="New payment method" />
    </Button>
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
        <Table.ScrollContainer minWidth={560}>
          <Table verticalSpacing="sm" highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>
                  <FormattedMessage id="paymentMethods.list.name" defaultMessage="Payment method" />
                </Table.Th>
                <Table.Th>
                  <FormattedMessage id="paymentMethods.list.kind" defaultMessage="Kind" />
                </Table.Th>
                <Table.Th ta="right">
                  <FormattedMessage id="paymentMethods.list.commission" defaultMessage="Commission" />
                </Table.Th>
                <Table.Th ta="right">
                  <FormattedMessage id="paymentMethods.list.order" defaultMessage="Order" />
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((method) => (
                <Table.Tr key={method.id}>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      <Anchor
                        renderRoot={(props) => <Link {...props} to="/{-$locale}/payment-methods/$id" params={{ locale: localeParam(locale), id: method.id }} />}
                      >
                        {method.name}
                      </Anchor>
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
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
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
          {canManage === false ? (
            <Text size="sm" c="dimmed">
              {intl.formatMessage(paymentMethodMessages.readOnly)}
            </Text>
          ) : null}
        </>
      }
      page={page}
      pages={pages}
      onPageChange={setPage}
      maw={960}
    >
      {body}
    </ListPageShell>
  );
}
