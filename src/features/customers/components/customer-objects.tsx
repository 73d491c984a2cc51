import { Button, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { IconBox, IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { FormattedMessage, useIntl } from 'react-intl';
import { listServiceObjectsOptions } from '@generated/@tanstack/react-query.gen';
import { useLocale } from '~/lib/use-locale';
import { AnchorLink } from '~/components/anchor-link';
import { EmptyState } from '~/components/empty-state';
import { ListTable } from '~/components/list-table';
import { QueryState } from '~/components/query-state';
import { localeParam } from '~/lib/locale';

/** How many objects the customer's page shows; the objects page has them all, searchable. */
export const CUSTOMER_OBJECTS_PREVIEW = 5;

/**
 * The customer's objects on their page (the things they bring: a car, a pet, a device): the first few
 * by name, each linked to its page, with a link to all of them. Every member sees them.
 */
export function CustomerObjects({ tenantId, customerId }: { tenantId: string; customerId: string }) {
  const intl = useIntl();
  const locale = useLocale();
  const params = { locale: localeParam(locale), customerId };
  const list = useQuery(listServiceObjectsOptions({ path: { tenantId, customerId }, query: { limit: CUSTOMER_OBJECTS_PREVIEW, offset: 0 } }));
  const title = intl.formatMessage({ id: 'customers.objects.title', defaultMessage: 'Objects' });

  const addButton = (
    <Button
      variant="light"
      leftSection={<IconPlus size={16} aria-hidden />}
      renderRoot={(props) => <Link {...props} to="/{-$locale}/customers/$customerId/create" params={params} />}
    >
      <FormattedMessage id="customers.objects.add" defaultMessage="Add object" />
    </Button>
  );

  const body = (
    <QueryState query={list} loaderHeight={120}>
      {(data) =>
        data.items.length === 0 ? (
          <EmptyState
            icon={<IconBox size={30} aria-hidden />}
            title={<FormattedMessage id="customers.objects.empty.title" defaultMessage="No objects yet" />}
            description={
              <FormattedMessage
                id="customers.objects.empty.description"
                defaultMessage="Add what this customer brings to be serviced: a car, a pet, a device, a garment."
              />
            }
            action={addButton}
          />
        ) : (
          <>
            <ListTable
              minWidth={420}
              label={title}
              columns={[
                { label: intl.formatMessage({ id: 'customers.objects.column.name', defaultMessage: 'Name' }) },
                { label: intl.formatMessage({ id: 'customers.objects.column.kind', defaultMessage: 'Type' }) },
                { label: intl.formatMessage({ id: 'customers.objects.column.identifier', defaultMessage: 'Identifier' }) },
              ]}
            >
              {data.items.map((object) => (
                <Table.Tr key={object.id}>
                  <Table.Td>
                    <AnchorLink fw={500} to="/{-$locale}/customers/$customerId/$serviceId/view" params={{ customerId, serviceId: object.id }}>
                      {object.name}
                    </AnchorLink>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{object.kind ?? ''}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{object.identifier ?? ''}</Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </ListTable>
            <Group justify="flex-end">
              <AnchorLink size="sm" to="/{-$locale}/customers/$customerId/services-object" params={{ customerId }}>
                <FormattedMessage
                  id="customers.objects.all"
                  defaultMessage="{total, plural, one {See # object} other {See all # objects}}"
                  values={{ total: data.total }}
                />
              </AnchorLink>
            </Group>
          </>
        )
      }
    </QueryState>
  );
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="customer-objects-title">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start">
          <Stack gap={2}>
            <Title order={2} size="h4" id="customer-objects-title">
              {title}
            </Title>
            <Text size="sm" c="dimmed">
              <FormattedMessage id="customers.objects.description" defaultMessage="Things this customer brings to be serviced: a car, a pet, a device…" />
            </Text>
          </Stack>
          {list.data?.items.length === 0 ? null : addButton}
        </Group>
        {body}
      </Stack>
    </Card>
  );
}
