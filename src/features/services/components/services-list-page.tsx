import { Alert, Badge, ColorSwatch, Group, Text } from '@mantine/core';
import { IconRocket, IconScissors } from '@tabler/icons-react';
import { FormattedMessage, useIntl } from 'react-intl';
import { listServicesOptions } from '@generated/@tanstack/react-query.gen';
import type { Tenant } from '@generated/types.gen';
import { useLocale } from '~/lib/use-locale';
import { formatMoney } from '~/lib/money';
import { useCanManageCatalogue } from '~/entities/session/use-can-manage-catalogue';
import { AnchorLink } from '~/components/anchor-link';
import { RecordListPage } from '~/components/record-list-page';
import { serviceMessages } from '../messages';
import { defaultServicesQuery, SERVICES_PAGE_SIZE } from '../list-query';

/** /services: the catalogue, with search, an active filter, sorting and pages. */
export function ServicesListPage({ tenant }: { tenant: Tenant }) {
  const intl = useIntl();
  const locale = useLocale();
  const canManage = useCanManageCatalogue(tenant);
  return (
    <RecordListPage
      title={<FormattedMessage id="services.list.title" defaultMessage="Services" />}
      intro={<FormattedMessage id="services.list.intro" defaultMessage="What your business offers, how long it takes and what it costs." />}
      notices={
        tenant.status === 'TENANT_STATUS_PENDING_SERVICES_DEFINITION' ? (
          <Alert color="blue" variant="light" icon={<IconRocket size={20} aria-hidden />} data-testid="services-onboarding">
            <FormattedMessage
              id="services.onboarding.pending"
              defaultMessage="One step left: add your first active service and your business is ready to take bookings."
            />
          </Alert>
        ) : null
      }
      canManage={canManage}
      create={{ to: '/{-$locale}/services/create', label: <FormattedMessage id="services.list.create" defaultMessage="New service" /> }}
      readOnly={serviceMessages.readOnly}
      defaultQuery={defaultServicesQuery}
      pageSize={SERVICES_PAGE_SIZE}
      options={(query) => listServicesOptions({ path: { tenantId: tenant.id }, query })}
      search={{
        miw: 220,
        label: intl.formatMessage({ id: 'services.list.search', defaultMessage: 'Search' }),
        placeholder: intl.formatMessage({ id: 'services.list.search.placeholder', defaultMessage: 'Name, category or description' }),
      }}
      filter={{
        label: intl.formatMessage({ id: 'services.list.filter', defaultMessage: 'Show' }),
        data: [
          { value: 'all', label: intl.formatMessage({ id: 'services.list.filter.all', defaultMessage: 'All' }) },
          { value: 'active', label: intl.formatMessage({ id: 'services.list.filter.active', defaultMessage: 'Active' }) },
          { value: 'inactive', label: intl.formatMessage(serviceMessages.inactive) },
        ],
        query: (value) => ({ active: value === 'active' }),
      }}
      sort={{
        width: 240,
        label: intl.formatMessage({ id: 'services.list.sort', defaultMessage: 'Sort by' }),
        data: [
          { value: 'category', label: intl.formatMessage({ id: 'services.sort.category', defaultMessage: 'Category' }) },
          { value: 'name', label: intl.formatMessage({ id: 'services.sort.name', defaultMessage: 'Name (A–Z)' }) },
          { value: '-name', label: intl.formatMessage({ id: 'services.sort.nameDesc', defaultMessage: 'Name (Z–A)' }) },
          { value: 'price', label: intl.formatMessage({ id: 'services.sort.price', defaultMessage: 'Price (lowest first)' }) },
          { value: '-price', label: intl.formatMessage({ id: 'services.sort.priceDesc', defaultMessage: 'Price (highest first)' }) },
          { value: 'duration', label: intl.formatMessage({ id: 'services.sort.duration', defaultMessage: 'Duration (shortest first)' }) },
          { value: '-duration', label: intl.formatMessage({ id: 'services.sort.durationDesc', defaultMessage: 'Duration (longest first)' }) },
        ],
      }}
      noMatch={{
        title: <FormattedMessage id="services.list.noMatch.title" defaultMessage="No services match" />,
        description: <FormattedMessage id="services.list.noMatch.description" defaultMessage="Try another search or show all services." />,
      }}
      empty={{
        icon: <IconScissors size={30} aria-hidden />,
        title: <FormattedMessage id="services.list.empty.title" defaultMessage="No services yet" />,
        description: (
          <FormattedMessage id="services.list.empty.description" defaultMessage="Add what you offer, with its duration and price, so that it can be booked." />
        ),
      }}
      minWidth={640}
      rowKey={(service) => service.id}
      columns={[
        {
          label: intl.formatMessage({ id: 'services.list.name', defaultMessage: 'Service' }),
          cell: (service) => (
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
          ),
        },
        { label: intl.formatMessage({ id: 'services.list.category', defaultMessage: 'Category' }), cell: (service) => service.category ?? '' },
        {
          label: intl.formatMessage({ id: 'services.list.duration', defaultMessage: 'Duration' }),
          cell: (service) => <FormattedMessage id="services.list.minutes" defaultMessage="{minutes} min" values={{ minutes: service.durationMinutes }} />,
        },
        {
          label: intl.formatMessage({ id: 'services.list.price', defaultMessage: 'Price' }),
          align: 'right',
          cell: (service) => (
            <>
              {formatMoney(service.price.amount, { currencyCode: service.price.currency, locale })}
              {tenant.pricesIncludeTax !== false ? null : (
                <Text span size="xs" c="dimmed" ml={4}>
                  <FormattedMessage id="services.list.plusTax" defaultMessage="+ tax" />
                </Text>
              )}
            </>
          ),
        },
      ]}
    />
  );
}
