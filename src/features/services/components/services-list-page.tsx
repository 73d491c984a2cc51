import { Alert, Anchor, Badge, Button, ColorSwatch, Group, SegmentedControl, Select, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPlus, IconRocket, IconScissors, IconSearch } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { listServicesOptions } from '@generated/@tanstack/react-query.gen';
import type { ServiceSort, Tenant } from '@generated/types.gen';
import { useLocale } from '~/app/use-locale';
import { EmptyState } from '~/components/empty-state';
import { ListBody, ListPageShell } from '~/components/list-page-shell';
import { localeParam } from '~/lib/locale';
import { formatMoney } from '~/lib/money';
import { useCanManageCatalogue } from '~/app/session/use-can-manage-catalogue';
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
  const [page, setPage] = useState(1);
  const query = {
    ...defaultServicesQuery,
    offset: (page - 1) * SERVICES_PAGE_SIZE,
    sort,
    ...(q ? { q } : {}),
    ...(filter === 'all' ? {} : { active: filter === 'active' }),
  };
  const list = useQuery({ ...listServicesOptions({ path: { tenantId: tenant.id }, query }), placeholderData: keepPreviousData });
  const filtered = Boolean(q) || filter !== 'all';
  const pages = Math.max(1, Math.ceil((list.data?.total ?? 0) / SERVICES_PAGE_SIZE));
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
    <Button
      leftSection={<IconPlus size={18} aria-hidden />}
      renderRoot={(props) => <Link {...props} to="/{-$locale}/services/create" params={{ locale: localeParam(locale) }} />}
    >
      <FormattedMessage id="services.list.create" defaultMessage="New service" />
    </Button>
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
        <Table.ScrollContainer minWidth={640}>
          <Table verticalSpacing="sm" highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>
                  <FormattedMessage id="services.list.name" defaultMessage="Service" />
                </Table.Th>
                <Table.Th>
                  <FormattedMessage id="services.list.category" defaultMessage="Category" />
                </Table.Th>
                <Table.Th>
                  <FormattedMessage id="services.list.duration" defaultMessage="Duration" />
                </Table.Th>
                <Table.Th ta="right">
                  <FormattedMessage id="services.list.price" defaultMessage="Price" />
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((service) => (
                <Table.Tr key={service.id}>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      <ColorSwatch color={service.color} size={14} aria-hidden />
                      <Anchor renderRoot={(props) => <Link {...props} to="/{-$locale}/services/$id" params={{ locale: localeParam(locale), id: service.id }} />}>
                        {service.name}
                      </Anchor>
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
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
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
          {canManage === false ? (
            <Text size="sm" c="dimmed">
              {intl.formatMessage(serviceMessages.readOnly)}
            </Text>
          ) : null}
        </>
      }
      filters={
        <>
          <TextInput
            flex={1}
            miw={220}
            type="search"
            label={intl.formatMessage({ id: 'services.list.search', defaultMessage: 'Search' })}
            placeholder={intl.formatMessage({ id: 'services.list.search.placeholder', defaultMessage: 'Name, category or description' })}
            leftSection={<IconSearch size={16} aria-hidden />}
            value={search}
            onChange={(event) => {
              setSearch(event.currentTarget.value);
              setPage(1);
            }}
          />
          <SegmentedControl
            aria-label={intl.formatMessage({ id: 'services.list.filter', defaultMessage: 'Show' })}
            value={filter}
            onChange={(value) => {
              setFilter(value as ActiveFilter);
              setPage(1);
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
              setPage(1);
            }}
          />
        </>
      }
      page={page}
      pages={pages}
      onPageChange={setPage}
    >
      {body}
    </ListPageShell>
  );
}
