import { Button, Card, Group, Pagination, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconBox, IconPlus, IconSearch } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { listServiceObjectsOptions } from '@generated/@tanstack/react-query.gen';
import type { Tenant } from '@generated/types.gen';
import { ListTable } from '~/components/list-table';
import { useLocale } from '~/lib/use-locale';
import { AnchorLink } from '~/components/anchor-link';
import { EmptyState } from '~/components/empty-state';
import { QueryState } from '~/components/query-state';
import { localeParam } from '~/lib/locale';
import { CustomerName } from './customer-name';
import { SERVICE_OBJECTS_PAGE_SIZE } from '../list-query';

/** /customers/{customerId}/services-object: the things a customer brings, searchable, by name. */
export function ServiceObjectsListPage({ tenant, customerId }: { tenant: Tenant; customerId: string }) {
  const intl = useIntl();
  const locale = useLocale();
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(1);
  const query = { limit: SERVICE_OBJECTS_PAGE_SIZE, offset: (page - 1) * SERVICE_OBJECTS_PAGE_SIZE, ...(q ? { q } : {}) };
  const list = useQuery({ ...listServiceObjectsOptions({ path: { tenantId: tenant.id, customerId }, query }), placeholderData: keepPreviousData });
  const params = { locale: localeParam(locale), customerId };
  const addButton = (
    <Button
      leftSection={<IconPlus size={16} aria-hidden />}
      renderRoot={(props) => <Link {...props} to="/{-$locale}/customers/$customerId/create" params={params} />}
    >
      <FormattedMessage id="serviceObjects.add" defaultMessage="Add object" />
    </Button>
  );

  return (
    <Stack gap="lg" maw={960}>
      <Group justify="space-between" align="flex-end">
        <Stack gap={4}>
          <AnchorLink size="sm" to="/{-$locale}/customers/$customerId" params={{ customerId }}>
            <FormattedMessage id="serviceObjects.backToCustomer" defaultMessage="← Customer" />
          </AnchorLink>
          <Title order={1}>
            <FormattedMessage id="serviceObjects.list.title" defaultMessage="Service objects" />
          </Title>
          <CustomerName tenantId={tenant.id} customerId={customerId} />
        </Stack>
        {addButton}
      </Group>
      <TextInput
        label={intl.formatMessage({ id: 'serviceObjects.search', defaultMessage: 'Search objects' })}
        placeholder={intl.formatMessage({ id: 'serviceObjects.search.placeholder', defaultMessage: 'Name, type, brand, model or identifier' })}
        leftSection={<IconSearch size={16} aria-hidden />}
        value={search}
        onChange={(event) => {
          setSearch(event.currentTarget.value);
          setPage(1);
        }}
        maxLength={100}
      />
      <QueryState query={list} loaderHeight={160}>
        {({ items }) =>
          items.length === 0 ? (
            q ? (
              <EmptyState
                icon={<IconSearch size={30} aria-hidden />}
                title={<FormattedMessage id="serviceObjects.search.empty" defaultMessage="No object matches “{q}”" values={{ q }} />}
              />
            ) : (
              <EmptyState
                icon={<IconBox size={30} aria-hidden />}
                title={<FormattedMessage id="serviceObjects.empty.title" defaultMessage="No objects yet" />}
                description={
                  <FormattedMessage
                    id="serviceObjects.empty.description"
                    defaultMessage="Add what this customer brings to be serviced: a car, a pet, a device, a garment."
                  />
                }
                action={addButton}
              />
            )
          ) : (
            <Card withBorder radius="lg" padding={0}>
              <ListTable
                minWidth={560}
                label={intl.formatMessage({ id: 'serviceObjects.list.title', defaultMessage: 'Service objects' })}
                columns={[
                  { label: intl.formatMessage({ id: 'serviceObjects.column.name', defaultMessage: 'Name' }) },
                  { label: intl.formatMessage({ id: 'serviceObjects.column.kind', defaultMessage: 'Type' }) },
                  { label: intl.formatMessage({ id: 'serviceObjects.column.brandModel', defaultMessage: 'Brand and model' }) },
                  { label: intl.formatMessage({ id: 'serviceObjects.column.identifier', defaultMessage: 'Identifier' }) },
                  { label: intl.formatMessage({ id: 'serviceObjects.column.photos', defaultMessage: 'Photos' }) },
                ]}
              >
                {items.map((object) => (
                  <Table.Tr key={object.id}>
                    <Table.Td>
                      <AnchorLink fw={500} to="/{-$locale}/customers/$customerId/$serviceId/view" params={{ customerId, serviceId: object.id }}>
                        {object.name}
                      </AnchorLink>
                    </Table.Td>
                    <Table.Td>{object.kind ?? ''}</Table.Td>
                    <Table.Td>{[object.brand, object.model].filter(Boolean).join(' ')}</Table.Td>
                    <Table.Td>{object.identifier ?? ''}</Table.Td>
                    <Table.Td>{object.photos.length}</Table.Td>
                  </Table.Tr>
                ))}
              </ListTable>
            </Card>
          )
        }
      </QueryState>
      {list.data && list.data.total > SERVICE_OBJECTS_PAGE_SIZE ? (
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            <FormattedMessage id="serviceObjects.total" defaultMessage="{total, plural, one {# object} other {# objects}}" values={{ total: list.data.total }} />
          </Text>
          <Pagination total={Math.ceil(list.data.total / SERVICE_OBJECTS_PAGE_SIZE)} value={page} onChange={setPage} />
        </Group>
      ) : null}
    </Stack>
  );
}
