import { Anchor, Badge, Button, Card, Group, Pagination, Stack, Table, Text, Title } from '@mantine/core';
import { IconCash, IconPlus } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { listPaymentMethodsOptions } from '@generated/@tanstack/react-query.gen';
import type { Tenant } from '@generated/types.gen';
import { useLocale } from '~/app/use-locale';
import { EmptyState } from '~/components/empty-state';
import { LoadError } from '~/components/load-error';
import { PageLoader } from '~/components/page-loader';
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

  let body;
  if (list.isPending) body = <PageLoader />;
  else if (list.isError) body = <LoadError onRetry={() => void list.refetch()} retrying={list.isFetching} />;
  else if (list.data.items.length === 0)
    body = (
      <EmptyState
        icon={<IconCash size={30} aria-hidden />}
        title={<FormattedMessage id="paymentMethods.list.empty.title" defaultMessage="No payment methods" />}
        description={<FormattedMessage id="paymentMethods.list.empty.description" defaultMessage="Add the ways your customers pay you, such as cash or card." />}
        action={createLink}
      />
    );
  else
    body = (
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
            {list.data.items.map((method) => (
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
    );

  return (
    <Stack gap="lg" maw={960}>
      <Group justify="space-between" align="flex-end">
        <Stack gap={4}>
          <Title order={1}>
            <FormattedMessage id="paymentMethods.list.title" defaultMessage="Payment methods" />
          </Title>
          <Text c="dimmed">
            <FormattedMessage id="paymentMethods.list.intro" defaultMessage="The ways your customers pay you, in the order the till offers them." />
          </Text>
        </Stack>
        {createLink}
      </Group>
      {canManage === false ? (
        <Text size="sm" c="dimmed">
          {intl.formatMessage(paymentMethodMessages.readOnly)}
        </Text>
      ) : null}
      <Card withBorder radius="lg" padding="md">
        <Stack gap="md">
          {body}
          {pages > 1 ? (
            <Group justify="center">
              <Pagination total={pages} value={page} onChange={setPage} />
            </Group>
          ) : null}
        </Stack>
      </Card>
    </Stack>
  );
}
