import { SegmentedControl, Select, Table } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { keepPreviousData, useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import type { LinkProps } from '@tanstack/react-router';
import { useState, type ReactNode } from 'react';
import type { MessageDescriptor } from 'react-intl';
import { useListPaging } from '~/lib/use-list-paging';
import { CreateButton } from './create-button';
import { EmptyState } from './empty-state';
import { ListBody, ListPageShell } from './list-page-shell';
import { ListSearchInput } from './list-search-input';
import { ListTable, type ListColumn } from './list-table';
import { ReadOnlyNote } from './read-only-note';

/** A column of a RecordListPage: its header and what its cell shows of an item. */
export interface RecordColumn<T> extends ListColumn {
  cell: (item: T) => ReactNode;
}

/** What the page needs of a generated list*Options(): its key and what its query answers. */
interface ListQueryOptions<TList> {
  queryKey: QueryKey;
  queryFn?: (...args: never[]) => TList | Promise<TList>;
}

/** The query a list page sends: its default (the route loader's) with the page, search, filter and sort. */
interface ListQuery {
  limit?: number;
  offset?: number;
  sort?: string;
  q?: string;
}

/**
 * A catalogue list page, declared (services, inventory, payment methods, customer tags, appointment
 * distinctions): the title, the "new" button and the read-only note by role, the search box (debounced),
 * a segmented filter and a sort select (each back to page 1), the generated list query (the previous
 * page stays while the next one loads), its empty and no-match states, the table and the pages.
 */
export function RecordListPage<TList extends { items: unknown[]; total: number }, Q extends ListQuery>({
  title,
  intro,
  notices,
  maw,
  canManage,
  create,
  readOnly,
  defaultQuery,
  pageSize,
  options,
  search,
  filter,
  sort,
  empty,
  noMatch,
  columns,
  minWidth,
  rowKey,
  pageLabels,
}: {
  title: ReactNode;
  intro?: ReactNode;
  /** Shown above the read-only note (an onboarding hint). */
  notices?: ReactNode;
  maw?: number;
  /** Owners and administrators get the "new" button; a member (false) the read-only note. */
  canManage: boolean | undefined;
  create: { to: NonNullable<LinkProps['to']>; label: ReactNode };
  /** The note a member reads under the title. */
  readOnly?: MessageDescriptor;
  /** The route loader's query (its first page): the page starts from it. */
  defaultQuery: Q;
  pageSize: number;
  /** The generated list*Options() for a query. */
  options: (query: Q) => ListQueryOptions<TList>;
  search?: { label: string; placeholder: string; miw?: number; maw?: number };
  /** A segmented filter: its first value shows everything; `query` adds the others' parameters. */
  filter?: { label: string; data: Array<{ value: string; label: string }>; query: (value: string) => Partial<Q> };
  /** The sort select (starting from defaultQuery.sort). */
  sort?: { label: string; width: number; data: Array<{ value: NonNullable<Q['sort']>; label: string }> };
  /** Nothing yet (the "new" button is added for a manager). */
  empty: { icon: ReactNode; title: ReactNode; description: ReactNode };
  /** Nothing matches the search or filter. */
  noMatch?: { title: ReactNode | ((q: string) => ReactNode); description: ReactNode };
  columns: Array<RecordColumn<TList['items'][number]>>;
  minWidth: number;
  rowKey: (item: TList['items'][number]) => string;
  pageLabels?: { previous: string; next: string };
}) {
  const [text, setText] = useState('');
  const [q] = useDebouncedValue(text.trim(), 300);
  const allValue = filter?.data[0]?.value ?? '';
  const [filterValue, setFilterValue] = useState(allValue);
  const [sortValue, setSortValue] = useState<string | undefined>(defaultQuery.sort);
  const paging = useListPaging(pageSize);
  const query = {
    ...defaultQuery,
    offset: paging.offset,
    ...(sortValue ? { sort: sortValue } : {}),
    ...(q ? { q } : {}),
    ...(filter && filterValue !== allValue ? filter.query(filterValue) : {}),
  } as Q;
  // The generated options are a UseQueryOptions of this list (ListQueryOptions only lets TypeScript infer the item).
  const list = useQuery({ ...(options(query) as UseQueryOptions<TList>), placeholderData: keepPreviousData });
  const filtered = Boolean(q) || filterValue !== allValue;
  const createLink = canManage ? <CreateButton to={create.to}>{create.label}</CreateButton> : null;

  return (
    <ListPageShell
      title={title}
      intro={intro}
      actions={createLink}
      notices={
        <>
          {notices}
          {readOnly ? <ReadOnlyNote show={canManage === false} message={readOnly} /> : null}
        </>
      }
      filters={
        search || filter || sort ? (
          <>
            {search ? (
              <ListSearchInput
                flex={1}
                miw={search.miw}
                maw={search.maw}
                label={search.label}
                placeholder={search.placeholder}
                value={text}
                onSearch={(value) => {
                  setText(value);
                  paging.reset();
                }}
              />
            ) : null}
            {filter ? (
              <SegmentedControl
                aria-label={filter.label}
                value={filterValue}
                onChange={(value) => {
                  setFilterValue(value);
                  paging.reset();
                }}
                data={filter.data}
              />
            ) : null}
            {sort ? (
              <Select
                w={sort.width}
                label={sort.label}
                data={sort.data}
                allowDeselect={false}
                value={sortValue}
                onChange={(value) => {
                  if (value) setSortValue(value);
                  paging.reset();
                }}
              />
            ) : null}
          </>
        ) : undefined
      }
      page={paging.page}
      pages={paging.pages(list.data?.total)}
      onPageChange={paging.setPage}
      pageLabels={pageLabels}
      maw={maw}
    >
      <ListBody
        list={list}
        filtered={filtered}
        noMatch={
          noMatch ? (
            <EmptyState
              icon={<IconSearch size={30} aria-hidden />}
              title={typeof noMatch.title === 'function' ? noMatch.title(q) : noMatch.title}
              description={noMatch.description}
            />
          ) : undefined
        }
        empty={<EmptyState {...empty} action={createLink} />}
      >
        {(items) => (
          <ListTable minWidth={minWidth} columns={columns}>
            {items.map((item) => (
              <Table.Tr key={rowKey(item)}>
                {columns.map((column, index) => (
                  <Table.Td key={index} ta={column.align}>
                    {column.cell(item)}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </ListTable>
        )}
      </ListBody>
    </ListPageShell>
  );
}
