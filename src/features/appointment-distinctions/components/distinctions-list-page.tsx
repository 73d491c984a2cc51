import { Anchor, Button, Card, ColorSwatch, Group, Pagination, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPlus, IconSearch, IconSparkles } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { listAppointmentDistinctionsOptions } from '@generated/@tanstack/react-query.gen';
import type { Tenant } from '@generated/types.gen';
import { useLocale } from '~/app/use-locale';
import { EmptyState } from '~/components/empty-state';
import { LoadError } from '~/components/load-error';
import { PageLoader } from '~/components/page-loader';
import { localeParam } from '~/lib/locale';
import { useCanManageDistinctions } from '../hooks/use-can-manage';
import { DISTINCTIONS_PAGE_SIZE, defaultDistinctionsQuery } from '../list-query';
import { distinctionMessages } from '../messages';

/** /appointments-distinctions: the labels that tag and colour appointments, by name, searchable. */
export function DistinctionsListPage({ tenant }: { tenant: Tenant }) {
  const intl = useIntl();
  const locale = useLocale();
  const canManage = useCanManageDistinctions(tenant);
  const [page, setPage] = useState(1);
  const [text, setText] = useState('');
  const [q] = useDebouncedValue(text.trim(), 300);
  const query = { ...defaultDistinctionsQuery, offset: (page - 1) * DISTINCTIONS_PAGE_SIZE, ...(q ? { q } : {}) };
  const list = useQuery({ ...listAppointmentDistinctionsOptions({ path: { tenantId: tenant.id }, query }), placeholderData: keepPreviousData });
  const pages = Math.max(1, Math.ceil((list.data?.total ?? 0) / DISTINCTIONS_PAGE_SIZE));
  const createLink = canManage ? (
    <Button
      leftSection={<IconPlus size={18} aria-hidden />}
      renderRoot={(props) => <Link {...props} to="/{-$locale}/appointments-distinctions/create" params={{ locale: localeParam(locale) }} />}
    >
      <FormattedMessage id="distinctions.list.create" defaultMessage="New distinction" />
    </Button>
  ) : null;

  let body;
  if (list.isPending) body = <PageLoader />;
  else if (list.isError) body = <LoadError onRetry={() => void list.refetch()} retrying={list.isFetching} />;
  else if (list.data.items.length === 0 && q)
    body = (
      <EmptyState
        icon={<IconSearch size={30} aria-hidden />}
        title={<FormattedMessage id="distinctions.list.noMatch.title" defaultMessage="No distinction matches “{q}”" values={{ q }} />}
        description={<FormattedMessage id="distinctions.list.noMatch.description" defaultMessage="Try another word or clear the search." />}
      />
    );
  else if (list.data.items.length === 0)
    body = (
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
    );
  else
    body = (
      <Table.ScrollContainer minWidth={480}>
        <Table verticalSpacing="sm" highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>
                <FormattedMessage id="distinctions.list.name" defaultMessage="Distinction" />
              </Table.Th>
              <Table.Th>
                <FormattedMessage id="distinctions.list.description" defaultMessage="Description" />
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.data.items.map((distinction) => (
              <Table.Tr key={distinction.id}>
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    <ColorSwatch color={distinction.color} size={14} />
                    <Anchor
                      renderRoot={(props) => (
                        <Link {...props} to="/{-$locale}/appointments-distinctions/$id" params={{ locale: localeParam(locale), id: distinction.id }} />
                      )}
                    >
                      {distinction.distinction}
                    </Anchor>
                  </Group>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" c="dimmed" lineClamp={1}>
                    {distinction.description}
                  </Text>
                </Table.Td>
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
            <FormattedMessage id="distinctions.list.title" defaultMessage="Appointment distinctions" />
          </Title>
          <Text c="dimmed">
            <FormattedMessage id="distinctions.list.intro" defaultMessage="Labels that tag appointments and give them their colour in the calendar." />
          </Text>
        </Stack>
        {createLink}
      </Group>
      {canManage === false ? (
        <Text size="sm" c="dimmed">
          {intl.formatMessage(distinctionMessages.readOnly)}
        </Text>
      ) : null}
      <Card withBorder radius="lg" padding="md">
        <Stack gap="md">
          <TextInput
            type="search"
            maw={360}
            leftSection={<IconSearch size={16} aria-hidden />}
            label={intl.formatMessage({ id: 'distinctions.list.search', defaultMessage: 'Search' })}
            placeholder={intl.formatMessage({ id: 'distinctions.list.search.placeholder', defaultMessage: 'Name of the distinction' })}
            value={text}
            onChange={(event) => {
              setText(event.currentTarget.value);
              setPage(1);
            }}
          />
          {body}
          {pages > 1 ? (
            <Group justify="center">
              <Pagination
                total={pages}
                value={page}
                onChange={setPage}
                getControlProps={(control) => ({
                  'aria-label':
                    control === 'previous' || control === 'first'
                      ? intl.formatMessage({ id: 'distinctions.list.page.previous', defaultMessage: 'Previous page' })
                      : intl.formatMessage({ id: 'distinctions.list.page.next', defaultMessage: 'Next page' }),
                })}
              />
            </Group>
          ) : null}
        </Stack>
      </Card>
    </Stack>
  );
}
