import { ColorSwatch, Group, Text } from '@mantine/core';
import { IconSparkles } from '@tabler/icons-react';
import { FormattedMessage, useIntl } from 'react-intl';
import { listAppointmentDistinctionsOptions } from '@generated/@tanstack/react-query.gen';
import type { Tenant } from '@generated/types.gen';
import { AnchorLink } from '~/components/anchor-link';
import { RecordListPage } from '~/components/record-list-page';
import { useCanManageDistinctions } from '../hooks/use-can-manage';
import { DISTINCTIONS_PAGE_SIZE, defaultDistinctionsQuery } from '../list-query';
import { distinctionMessages } from '../messages';

/** /appointments-distinctions: the labels that tag and colour appointments, by name, searchable. */
export function DistinctionsListPage({ tenant }: { tenant: Tenant }) {
  const intl = useIntl();
  const canManage = useCanManageDistinctions(tenant);
  return (
    <RecordListPage
      title={<FormattedMessage id="distinctions.list.title" defaultMessage="Appointment distinctions" />}
      intro={<FormattedMessage id="distinctions.list.intro" defaultMessage="Labels that tag appointments and give them their colour in the calendar." />}
      maw={960}
      canManage={canManage}
      create={{ to: '/{-$locale}/appointments-distinctions/create', label: <FormattedMessage id="distinctions.list.create" defaultMessage="New distinction" /> }}
      readOnly={distinctionMessages.readOnly}
      defaultQuery={defaultDistinctionsQuery}
      pageSize={DISTINCTIONS_PAGE_SIZE}
      options={(query) => listAppointmentDistinctionsOptions({ path: { tenantId: tenant.id }, query })}
      search={{
        maw: 360,
        label: intl.formatMessage({ id: 'distinctions.list.search', defaultMessage: 'Search' }),
        placeholder: intl.formatMessage({ id: 'distinctions.list.search.placeholder', defaultMessage: 'Name of the distinction' }),
      }}
      pageLabels={{
        previous: intl.formatMessage({ id: 'distinctions.list.page.previous', defaultMessage: 'Previous page' }),
        next: intl.formatMessage({ id: 'distinctions.list.page.next', defaultMessage: 'Next page' }),
      }}
      noMatch={{
        title: (q) => <FormattedMessage id="distinctions.list.noMatch.title" defaultMessage="No distinction matches “{q}”" values={{ q }} />,
        description: <FormattedMessage id="distinctions.list.noMatch.description" defaultMessage="Try another word or clear the search." />,
      }}
      empty={{
        icon: <IconSparkles size={30} aria-hidden />,
        title: <FormattedMessage id="distinctions.list.empty.title" defaultMessage="No distinctions yet" />,
        description: (
          <FormattedMessage
            id="distinctions.list.empty.description"
            defaultMessage="Distinctions label and colour appointments in the calendar, e.g. “VIP” or “First visit”."
          />
        ),
      }}
      minWidth={480}
      rowKey={(distinction) => distinction.id}
      columns={[
        {
          label: intl.formatMessage({ id: 'distinctions.list.name', defaultMessage: 'Distinction' }),
          cell: (distinction) => (
            <Group gap="xs" wrap="nowrap">
              <ColorSwatch color={distinction.color} size={14} />
              <AnchorLink to="/{-$locale}/appointments-distinctions/$id" params={{ id: distinction.id }}>
                {distinction.distinction}
              </AnchorLink>
            </Group>
          ),
        },
        {
          label: intl.formatMessage({ id: 'distinctions.list.description', defaultMessage: 'Description' }),
          cell: (distinction) => (
            <Text size="sm" c="dimmed" lineClamp={1}>
              {distinction.description}
            </Text>
          ),
        },
      ]}
    />
  );
}
