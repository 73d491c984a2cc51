import { Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import { getCustomerOptions } from '@generated/@tanstack/react-query.gen';

/** The customer's full name, read once for the page header (nothing while it loads or if it fails). */
export function CustomerName({ tenantId, customerId }: { tenantId: string; customerId: string }) {
  const intl = useIntl();
  const customer = useQuery({ ...getCustomerOptions({ path: { tenantId, id: customerId } }), staleTime: 60_000 });
  if (!customer.data) return null;
  const { name, lastName } = customer.data.customer;
  return (
    <Text c="dimmed" data-testid="service-objects-customer">
      {lastName ? intl.formatMessage({ id: 'serviceObjects.customerName', defaultMessage: '{name} {lastName}' }, { name, lastName }) : name}
    </Text>
  );
}
