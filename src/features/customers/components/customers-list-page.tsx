import { Box, Button, Card, Group, Select, Stack, Table, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconDownload, IconFileImport, IconSearch, IconUsers } from '@tabler/icons-react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { exportCustomersOptions, listCustomersOptions, listCustomerTagsOptions } from '@generated/@tanstack/react-query.gen';
import type { CustomerSort, Tenant } from '@generated/types.gen';
import { ApiErrorAlert } from '~/components/api-error-alert';
import { EmptyState } from '~/components/empty-state';
import { ListBody, ListPageShell } from '~/components/list-page-shell';
import { formatPhone } from '~/lib/phone';
import { useListPaging } from '~/lib/use-list-paging';
import { ListTable } from '~/components/list-table';
import { CreateButton } from '~/components/create-button';
import { AnchorLink } from '~/components/anchor-link';
import { ListSearchInput } from '~/components/list-search-input';
import { downloadText } from '~/lib/download';
import { ImportCustomersModal } from './import-customers-modal';
import { customerTagsQuery, CUSTOMERS_PAGE_SIZE, defaultCustomersQuery } from '../list-query';
import { TagBadge } from '~/entities/customer/tag-badge';

/** /customers: the business's customers, a server page at a time (searchable, sortable, by tag). */
export function CustomersListPage({ tenant }: { tenant: Tenant }) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const paging = useListPaging(CUSTOMERS_PAGE_SIZE);
  const [text, setText] = useState('');
  const [q] = useDebouncedValue(text.trim(), 300);
  const [tagId, setTagId] = useState<string | null>(null);
  // The order the user chose; until then a search shows the best matches first, the list A–Z by last name.
  const [chosenSort, setSort] = useState<CustomerSort | null>(null);
  const sort: CustomerSort = q ? (chosenSort ?? 'relevance') : chosenSort && chosenSort !== 'relevance' ? chosenSort : 'lastName';
  const [importing, setImporting] = useState(false);
  const [exporting, setExporting] = useState(false);
  const [exportError, setExportError] = useState<unknown>(null);
  const query = {
    ...defaultCustomersQuery,
    sort,
    offset: paging.offset,
    ...(q ? { q } : {}),
    ...(tagId ? { tagId } : {}),
  };
  const list = useQuery({ ...listCustomersOptions({ path: { tenantId: tenant.id }, query }), placeholderData: keepPreviousData });
  const tags = useQuery(listCustomerTagsOptions({ path: { tenantId: tenant.id }, query: customerTagsQuery }));
  const tagById = new Map((tags.data?.items ?? []).map((tag) => [tag.id, tag]));
  const filtered = Boolean(q || tagId);

  const sortOptions: Array<{ value: CustomerSort; label: string }> = [
    ...(q ? [{ value: 'relevance' as const, label: intl.formatMessage({ id: 'customers.sort.relevance', defaultMessage: 'Best match' }) }] : []),
    { value: 'lastName', label: intl.formatMessage({ id: 'customers.sort.lastName', defaultMessage: 'Last name (A–Z)' }) },
    { value: '-lastName', label: intl.formatMessage({ id: 'customers.sort.lastNameDesc', defaultMessage: 'Last name (Z–A)' }) },
    { value: 'name', label: intl.formatMessage({ id: 'customers.sort.name', defaultMessage: 'Name (A–Z)' }) },
    { value: '-name', label: intl.formatMessage({ id: 'customers.sort.nameDesc', defaultMessage: 'Name (Z–A)' }) },
    { value: '-createdAt', label: intl.formatMessage({ id: 'customers.sort.newest', defaultMessage: 'Newest first' }) },
    { value: 'createdAt', label: intl.formatMessage({ id: 'customers.sort.oldest', defaultMessage: 'Oldest first' }) },
  ];

  const exportCsv = async () => {
    setExportError(null);
    setExporting(true);
    try {
      const file = await queryClient.fetchQuery({
        ...exportCustomersOptions({ path: { tenantId: tenant.id }, ...(tagId ? { query: { tagId } } : {}) }),
        staleTime: 0,
      });
      downloadText(file.fileName, file.mediaType, file.csv);
    } catch (failure) {
      setExportError(failure);
    } finally {
      setExporting(false);
    }
  };

  const createLink = (
    <CreateButton to="/{-$locale}/customers/create">
      <FormattedMessage id="customers.list.create" defaultMessage="New customer" />
    </CreateButton>
  );

  const body = (
    <ListBody
      list={list}
      filtered={filtered}
      noMatch={
        <EmptyState
          icon={<IconSearch size={30} aria-hidden />}
          title={<FormattedMessage id="customers.list.noMatch.title" defaultMessage="No customer matches" />}
          description={<FormattedMessage id="customers.list.noMatch.description" defaultMessage="Try another name, phone or e-mail, or clear the tag filter." />}
        />
      }
      empty={
        <EmptyState
          icon={<IconUsers size={30} aria-hidden />}
          title={<FormattedMessage id="customers.list.empty.title" defaultMessage="No customers yet" />}
          description={<FormattedMessage id="customers.list.empty.description" defaultMessage="Add your customers one by one, or import them from a CSV file." />}
          action={createLink}
        />
      }
    >
      {(items) => (
        <>
          {/* Phones get cards, not a table that scrolls sideways (issue 18); each layout is hidden by CSS in the other. */}
          <Box visibleFrom="sm">
            <ListTable
              minWidth={640}
              columns={[
                { label: intl.formatMessage({ id: 'customers.list.name', defaultMessage: 'Customer' }) },
                { label: intl.formatMessage({ id: 'customers.list.phone', defaultMessage: 'Phone' }) },
                { label: intl.formatMessage({ id: 'customers.list.email', defaultMessage: 'E-mail' }) },
                { label: intl.formatMessage({ id: 'customers.list.tags', defaultMessage: 'Tags' }) },
              ]}
            >
              {items.map((customer) => (
                <Table.Tr key={customer.id}>
                  <Table.Td>
                    <AnchorLink to="/{-$locale}/customers/$customerId" params={{ customerId: customer.id }}>
                      {[customer.name, customer.lastName].filter(Boolean).join(' ')}
                    </AnchorLink>
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatPhone(customer.phoneCountryCode, customer.phoneNumber)}</Table.Td>
                  <Table.Td>{customer.email}</Table.Td>
                  <Table.Td>
                    <Group gap={4}>
                      {customer.tagIds.map((id) => {
                        const tag = tagById.get(id);
                        return tag ? <TagBadge key={id} tag={tag} size="sm" /> : null;
                      })}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </ListTable>
          </Box>
          <Stack
            hiddenFrom="sm"
            gap="xs"
            role="list"
            aria-label={intl.formatMessage({ id: 'customers.list.cards', defaultMessage: 'Customers' })}
            data-testid="customer-cards"
          >
            {items.map((customer) => (
              <Card key={customer.id} withBorder radius="md" padding="sm" role="listitem">
                <Stack gap={4}>
                  <AnchorLink fw={600} to="/{-$locale}/customers/$customerId" params={{ customerId: customer.id }}>
                    {[customer.name, customer.lastName].filter(Boolean).join(' ')}
                  </AnchorLink>
                  {customer.phoneNumber ? <Text size="sm">{formatPhone(customer.phoneCountryCode, customer.phoneNumber)}</Text> : null}
                  {customer.email ? (
                    <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                      {customer.email}
                    </Text>
                  ) : null}
                  {customer.tagIds.length > 0 ? (
                    <Group gap={4}>
                      {customer.tagIds.map((id) => {
                        const tag = tagById.get(id);
                        return tag ? <TagBadge key={id} tag={tag} size="sm" /> : null;
                      })}
                    </Group>
                  ) : null}
                </Stack>
              </Card>
            ))}
          </Stack>
        </>
      )}
    </ListBody>
  );

  return (
    <ListPageShell
      title={<FormattedMessage id="customers.list.title" defaultMessage="Customers" />}
      intro={
        list.data ? (
          <FormattedMessage
            id="customers.list.count"
            defaultMessage="{count, plural, =0 {No customers} one {# customer} other {# customers}}"
            values={{ count: list.data.total }}
          />
        ) : null
      }
      actions={
        <Group gap="xs">
          <Button variant="default" leftSection={<IconFileImport size={18} aria-hidden />} onClick={() => setImporting(true)}>
            <FormattedMessage id="customers.list.import" defaultMessage="Import CSV" />
          </Button>
          <Button variant="default" leftSection={<IconDownload size={18} aria-hidden />} loading={exporting} onClick={() => void exportCsv()}>
            <FormattedMessage id="customers.list.export" defaultMessage="Export CSV" />
          </Button>
          {createLink}
        </Group>
      }
      notices={<ApiErrorAlert error={exportError} />}
      filters={
        <>
          <ListSearchInput
            style={{ flex: 1, minWidth: 220 }}
            label={intl.formatMessage({ id: 'customers.list.search', defaultMessage: 'Search' })}
            placeholder={intl.formatMessage({ id: 'customers.list.search.placeholder', defaultMessage: 'Name, phone or e-mail' })}
            value={text}
            onSearch={(value) => {
              setText(value);
              paging.reset();
            }}
          />
          <Select
            w={200}
            label={intl.formatMessage({ id: 'customers.list.tagFilter', defaultMessage: 'Tag' })}
            placeholder={intl.formatMessage({ id: 'customers.list.tagFilter.all', defaultMessage: 'All tags' })}
            clearable
            data={(tags.data?.items ?? []).map((tag) => ({ value: tag.id, label: tag.name }))}
            value={tagId}
            onChange={(value) => {
              setTagId(value);
              paging.reset();
            }}
          />
          <Select
            w={200}
            label={intl.formatMessage({ id: 'customers.list.sort', defaultMessage: 'Sort by' })}
            allowDeselect={false}
            data={sortOptions}
            value={sort}
            onChange={(value) => {
              if (value) setSort(value as CustomerSort);
              paging.reset();
            }}
          />
        </>
      }
      after={
        <ImportCustomersModal tenant={tenant} opened={importing} onClose={() => setImporting(false)} />
      }
      page={paging.page}
      pages={paging.pages(list.data?.total)}
      onPageChange={paging.setPage}
    >
      {body}
    </ListPageShell>
  );
}
