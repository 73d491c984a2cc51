import { ColorSwatch, Group, Table, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch, IconSparkles } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { listAppointmentDistinctionsOptions } from '@generated/@tanstack/react-query.gen';
import type { Tenant } from '@generated/types.gen';
import { AnchorLink } from '~/components/anchor-link';
import { CreateButton } from '~/components/create-button';
import { EmptyState } from '~/components/empty-state';
import { ListBody, ListPageShell } from '~/components/list-page-shell';
import { ListSearchInput } from '~/components/list-search-input';
import { ListTable } from '~/components/list-table';
import { ReadOnlyNote } from '~/components/read-only-note';
import { useListPaging } from '~/lib/use-list-paging';
import { useCanManageDistinctions } from '../hooks/use-can-manage';
import { DISTINCTIONS_PAGE_SIZE, defaultDistinctionsQuery } from '../list-query';
import { distinctionMessages } from '../messages';

/** /appointments-distinctions: the labels that tag and colour appointments, by name, searchable. */
export function DistinctionsListPage({ tenant }: { tenant: Tenant }) {
  const intl = useIntl();
  const canManage = useCanManageDistinctions(tenant);
  const paging = useListPaging(DISTINCTIONS_PAGE_SIZE);
  const [text, setText] = useState('');
  const [q] = useDebouncedValue(text.trim(), 300);
  const query = { ...defaultDistinctionsQuery, offset: paging.offset, ...(q ? { q } : {}) };
  const list = useQuery({ ...listAppointmentDistinctionsOptions({ path: { tenantId: tenant.id }, query }), placeholderData: keepPreviousData });
  const createLink = canManage ? (
    <CreateButton to="/{-$locale}/appointments-distinctions/create">
      <FormattedMessage id="distinctions.list.create" defaultMessage="New distinction" />
    </CreateButton>
  ) : null;

  return (
    <ListPageShell
      title={<FormattedMessage id="distinctions.list.title" defaultMessage="Appointment distinctions" />}
      intro={<FormattedMessage id="distinctions.list.intro" defaultMessage="Labels that tag appointments and give them their colour in the calendar." />}
      actions={createLink}
      notices={<ReadOnlyNote show={canManage === false} message={distinctionMessages.readOnly} />}
      filters={
        <ListSearchInput
          flex={1}
          maw={360}
          label={intl.formatMessage({ id: 'distinctions.list.search', defaultMessage: 'Search' })}
          placeholder={intl.formatMessage({ id: 'distinctions.list.search.placeholder', defaultMessage: 'Name of the distinction' })}
          value={text}
          onSearch={(value) => {
            setText(value);
            paging.reset();
          }}
        />
      }
      page={paging.page}
      pages={paging.pages(list.data?.total)}
      onPageChange={paging.setPage}
      pageLabels={{
        previous: intl.formatMessage({ id: 'distinctions.list.page.previous', defaultMessage: 'Previous page' }),
        next: intl.formatMessage({ id: 'distinctions.list.page.next', defaultMessage: 'Next page' }),
      }}
      maw={960}
    >
      <ListBody
        list={list}
        filtered={Boolean(q)}
        noMatch={
          <EmptyState
            icon={<IconSearch size={30} aria-hidden />}
            title={<FormattedMessage id="distinctions.list.noMatch.title" defaultMessage="No distinction matches “{q}”" values={{ q }} />}
            description={<FormattedMessage id="distinctions.list.noMatch.description" defaultMessage="Try another word or clear the search." />}
          />
        }
        empty={
          <EmptyState
            icon={<IconSparkles size={30} aria-hidden />}
            title={<FormattedMessage id="distinctions.list.empty.title" defaultMessage="No distinctions yet" />}
            description={
              <FormattedMessage
                id="distinctions.list.empty.description"
                defaultMessage="Distinctions label and colour appointments in the calendar, e.g. “VIP” or “First visit”."
              />
            }
            action={createLink}
          />
        }
      >
        {(items) => (
          <ListTable
            minWidth={480}
            columns={[
              { label: <FormattedMessage id="distinctions.list.name" defaultMessage="Distinction" /> },
              { label: <FormattedMessage id="distinctions.list.description" defaultMessage="Description" /> },
            ]}
          >
            {items.map((distinction) => (
              <Table.Tr key={distinction.id}>
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    <ColorSwatch color={distinction.color} size={14} />
                    <AnchorLink to="/{-$locale}/appointments-distinctions/$id" params={{ id: distinction.id }}>
                      {distinction.distinction}
                    </AnchorLink>
                  </Group>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" c="dimmed" lineClamp={1}>
                    {distinction.description}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </ListTable>
        )}
      </ListBody>
    </ListPageShell>
  );
}
