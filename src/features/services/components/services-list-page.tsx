import { Alert, Badge, ColorSwatch, Group, SegmentedControl, Select, Table, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconRocket, IconScissors, IconSearch } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { listServicesOptions } from '@generated/@tanstack/react-query.gen';
import type { ServiceSort, Tenant } from '@generated/types.gen';
import { useLocale } from '~/lib/use-locale';
import { EmptyState } from '~/components/empty-state';
import { ListBody, ListPageShell } from '~/components/list-page-shell';
import { formatMoney } from '~/lib/money';
import { useCanManageCatalogue } from '~/entities/session/use-can-manage-catalogue';
import { useListPaging } from '~/lib/use-list-paging';
import { ReadOnlyNote } from '~/components/read-only-note';
import { ListTable } from '~/components/list-table';
import { ListSearchInput } from '~/components/list-search-input';
import { CreateButton } from '~/components/create-button';
import { AnchorLink } from '~/components/anchor-link';
import { serviceMessages } from '../messages';
import { defaultServicesQuery, SERVICES_PAGE_SIZE } from '../list-query';

type ActiveFilter = 'all' | 'active' | 'inactive';

/** /services: the catalogue, with search, an active filter, sorting and pages. */
export function ServicesListPage({ tenant }: { tenant: Tenant }) {
  const intl = useIntl();
  const locale = useLocale();
  const canManage = useCanManageCatalogue(tenant);
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 300);
  const [filter, setFilter] = useState<ActiveFilter>('all');
  const [sort, setSort] = useState<ServiceSort>('category');
  const paging = useListPaging(SERVICES_PAGE_SIZE);
  const query = {
    ...defaultServicesQuery,
    offset: paging.offset,
    sort,
    ...(q ? { q } : {}),
    ...(filter === 'all' ? {} : { active: filter === 'active' }),
  };
  const list = useQuery({ ...listServicesOptions({ path: { tenantId: tenant.id }, query }), placeholderData: keepPreviousData });
  const filtered = Boolean(q) || filter !== 'all';
  const sortData: Array<{ value: ServiceSort; label: string }> = [
    { value: 'category', label: intl.formatMessage({ id: 'services.sort.category', defaultMessage: 'Category' }) },
    { value: 'name', label: intl.formatMessage({ id: 'services.sort.name', defaultMessage: 'Name (A–Z)' }) },
    { value: '-name', label: intl.formatMessage({ id: 'services.sort.nameDesc', defaultMessage: 'Name (Z–A)' }) },
    { value: 'price', label: intl.formatMessage({ id: 'services.sort.price', defaultMessage: 'Price (lowest first)' }) },
    { value: '-price', label: intl.formatMessage({ id: 'services.sort.priceDesc', defaultMessage: 'Price (highest first)' }) },
    { value: 'duration', label: intl.formatMessage({ id: 'services.sort.duration', defaultMessage: 'Duration (shortest first)' }) },
    { value: '-duration', label: intl.formatMessage({ id: 'services.sort.durationDesc', defaultMessage: 'Duration (longest first)' }) },
  ];
  const createLink = canManage ? (
    <CreateButton to="/{-$locale}/services/create">
      <FormattedMessage id="services.list.create" defaultMessage="New service" />
    </CreateButton>
  ) : null;

  const body = (
    <ListBody
      list={list}
      filtered={filtered}
      noMatch={
        <EmptyState
          icon={<IconSearch size={30} aria-hidden />}
          title={<FormattedMessage id="services.list.noMatch.title" defaultMessage="No services match" />}
          description={<FormattedMessage id="services.list.noMatch.description" defaultMessage="Try another search or show all services." />}
        />
      }
      empty={
        <EmptyState
          icon={<IconScissors size={30} aria-hidden />}
          title={<FormattedMessage id="services.list.empty.title" defaultMessage="No services yet" />}
          description={
            <FormattedMessage id="services.list.empty.description" defaultMessage="Add what you offer, with its duration and price, so that it can be booked." />
          }
          action={createLink}
        />
      }
    >
      {(items) => (
        <ListTable
          minWidth={640}
          columns={[
            { label: <FormattedMessage id="services.list.name" defaultMessage="Service" /> },
            { label: <FormattedMessage id="services.list.category" defaultMessage="Category" /> },
            { label: <FormattedMessage id="services.list.duration" defaultMessage="Duration" /> },
            { label: <FormattedMessage id="services.list.price" defaultMessage="Price" />, align: 'right' },
          ]}
        >
          {items.map((service) => (
            <Table.Tr key={service.id}>
              <Table.Td>
                <Group gap="xs" wrap="nowrap">
                  <ColorSwatch color={service.color} size={14} aria-hidden />
                  <AnchorLink to="/{-$locale}/services/$id" params={{ id: service.id }}>
                    {service.name}
                  </AnchorLink>
                  {service.active ? null : (
                    <Badge color="gray" variant="light">
                      {intl.formatMessage(serviceMessages.inactive)}
                    </Badge>
                  )}
                </Group>
              </Table.Td>
              <Table.Td>{service.category ?? ''}</Table.Td>
              <Table.Td>
                <FormattedMessage id="services.list.minutes" defaultMessage="{minutes} min" values={{ minutes: service.durationMinutes }} />
              </Table.Td>
              <Table.Td ta="right">
                {formatMoney(service.price.amount, { currencyCode: service.price.currency, locale })}
                {service.taxIncluded ? null : (
                  <Text span size="xs" c="dimmed" ml={4}>
                    <FormattedMessage id="services.list.plusTax" defaultMessage="+ tax" />
                  </Text>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </ListTable>
      )}
    </ListBody>
  );

  return (
    <ListPageShell
      title={<FormattedMessage id="services.list.title" defaultMessage="Services" />}
      intro={<FormattedMessage id="services.list.intro" defaultMessage="What your business offers, how long it takes and what it costs." />}
      actions={createLink}
      notices={
        <>
          {tenant.status === 'TENANT_STATUS_PENDING_SERVICES_DEFINITION' ? (
            <Alert color="blue" variant="light" icon={<IconRocket size={20} aria-hidden />} data-testid="services-onboarding">
              <FormattedMessage
                id="services.onboarding.pending"
                defaultMessage="One step left: add your first active service and your business is ready to take bookings."
              />
            </Alert>
          ) : null}
          <ReadOnlyNote show={canManage === false} message={serviceMessages.readOnly} />
        </>
      }
      filters={
        <>
          <ListSearchInput
            flex={1}
            miw={220}
            label={intl.formatMessage({ id: 'services.list.search', defaultMessage: 'Search' })}
            placeholder={intl.formatMessage({ id: 'services.list.search.placeholder', defaultMessage: 'Name, category or description' })}
            value={search}
            onSearch={(text) => {
              setSearch(text);
              paging.reset();
            }}
          />
          <SegmentedControl
            aria-label={intl.formatMessage({ id: 'services.list.filter', defaultMessage: 'Show' })}
            value={filter}
            onChange={(value) => {
              setFilter(value as ActiveFilter);
              paging.reset();
            }}
            data={[
              { value: 'all', label: intl.formatMessage({ id: 'services.list.filter.all', defaultMessage: 'All' }) },
              { value: 'active', label: intl.formatMessage({ id: 'services.list.filter.active', defaultMessage: 'Active' }) },
              { value: 'inactive', label: intl.formatMessage(serviceMessages.inactive) },
            ]}
          />
          <Select
            w={240}
            label={intl.formatMessage({ id: 'services.list.sort', defaultMessage: 'Sort by' })}
            data={sortData}
            allowDeselect={false}
            value={sort}
            onChange={(value) => {
              if (value) setSort(value as ServiceSort);
              paging.reset();
            }}
          />
        </>
      }
      page={paging.page}
      pages={paging.pages(list.data?.total)}
      onPageChange={paging.setPage}
    >
      {body}
    </ListPageShell>
  );
}
