import { Badge, Group } from '@mantine/core';
import { IconCash } from '@tabler/icons-react';
import { FormattedMessage, useIntl } from 'react-intl';
import { listPaymentMethodsOptions } from '@generated/@tanstack/react-query.gen';
import type { Tenant } from '@generated/types.gen';
import { useCanManageCatalogue } from '~/entities/session/use-can-manage-catalogue';
import { AnchorLink } from '~/components/anchor-link';
import { RecordListPage } from '~/components/record-list-page';
import { kindName, paymentMethodMessages } from '../messages';
import { defaultPaymentMethodsQuery, PAYMENT_METHODS_PAGE_SIZE } from '../list-query';

/** /payment-methods: how the business gets paid, in till order. */
export function PaymentMethodsListPage({ tenant }: { tenant: Tenant }) {
  const intl = useIntl();
  const canManage = useCanManageCatalogue(tenant);
  const percent = (value: number) => intl.formatNumber(value / 100, { style: 'percent', maximumFractionDigits: 2 });
  return (
    <RecordListPage
      title={<FormattedMessage id="paymentMethods.list.title" defaultMessage="Payment methods" />}
      intro={<FormattedMessage id="paymentMethods.list.intro" defaultMessage="The ways your customers pay you, in the order the till offers them." />}
      maw={960}
      canManage={canManage}
      create={{ to: '/{-$locale}/payment-methods/create', label: <FormattedMessage id="paymentMethods.list.create" defaultMessage="New payment method" /> }}
      readOnly={paymentMethodMessages.readOnly}
      defaultQuery={defaultPaymentMethodsQuery}
      pageSize={PAYMENT_METHODS_PAGE_SIZE}
      options={(query) => listPaymentMethodsOptions({ path: { tenantId: tenant.id }, query })}
      empty={{
        icon: <IconCash size={30} aria-hidden />,
        title: <FormattedMessage id="paymentMethods.list.empty.title" defaultMessage="No payment methods" />,
        description: <FormattedMessage id="paymentMethods.list.empty.description" defaultMessage="Add the ways your customers pay you, such as cash or card." />,
      }}
      minWidth={560}
      rowKey={(method) => method.id}
      columns={[
        {
          label: intl.formatMessage({ id: 'paymentMethods.list.name', defaultMessage: 'Payment method' }),
          cell: (method) => (
            <Group gap="xs" wrap="nowrap">
              <AnchorLink to="/{-$locale}/payment-methods/$id" params={{ id: method.id }}>
                {method.name}
              </AnchorLink>
              {method.isDefault ? <Badge variant="light">{intl.formatMessage(paymentMethodMessages.isDefault)}</Badge> : null}
              {method.active ? null : (
                <Badge color="gray" variant="light">
                  {intl.formatMessage(paymentMethodMessages.inactive)}
                </Badge>
              )}
            </Group>
          ),
        },
        { label: intl.formatMessage({ id: 'paymentMethods.list.kind', defaultMessage: 'Kind' }), cell: (method) => intl.formatMessage(kindName(method.kind)) },
        {
          label: intl.formatMessage({ id: 'paymentMethods.list.commission', defaultMessage: 'Commission' }),
          align: 'right',
          cell: (method) => percent(method.commissionPercentage),
        },
        { label: intl.formatMessage({ id: 'paymentMethods.list.order', defaultMessage: 'Order' }), align: 'right', cell: (method) => intl.formatNumber(method.sortOrder) },
      ]}
    />
  );
}
