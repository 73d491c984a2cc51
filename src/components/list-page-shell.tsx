import { Card, Group, Pagination, Stack, Text, Title } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { QueryState } from './query-state';

/**
 * The frame of a catalogue list page (services, customers, customer tags, inventory, payment methods):
 * the level-1 title with its intro and actions (the "new" button, which the page leaves out for a
 * member), notices under the header, then a card with the filters, the body and the pages.
 */
export function ListPageShell({
  title,
  intro,
  actions,
  notices,
  filters,
  page,
  pages,
  onPageChange,
  pageLabels,
  maw = 1100,
  children,
  after,
}: {
  title: ReactNode;
  /** A dimmed line under the title (a description or a count). */
  intro?: ReactNode;
  actions?: ReactNode;
  /** Shown between the header and the card (onboarding hint, read-only note, errors). */
  notices?: ReactNode;
  /** Search, filter and sort inputs, in a wrapping row above the body. */
  filters?: ReactNode;
  page: number;
  pages: number;
  onPageChange: (page: number) => void;
  /** Accessible names of the pagination's previous and next controls. */
  pageLabels?: { previous: string; next: string };
  maw?: number;
  /** The body: usually a <ListBody>. */
  children: ReactNode;
  /** After the card (modals). */
  after?: ReactNode;
}) {
  return (
    <Stack gap="lg" maw={maw}>
      <Group justify="space-between" align="flex-end">
        <Stack gap={4}>
          <Title order={1}>{title}</Title>
          {intro ? <Text c="dimmed">{intro}</Text> : null}
        </Stack>
        {actions}
      </Group>
      {notices}
      <Card withBorder radius="lg" padding="md">
        <Stack gap="md">
          {filters ? (
            <Group gap="sm" align="flex-end" wrap="wrap">
              {filters}
            </Group>
          ) : null}
          {children}
          {pages > 1 ? (
            <Group justify="center">
              <Pagination
                total={pages}
                value={page}
                onChange={onPageChange}
                {...(pageLabels
                  ? {
                      getControlProps: (control: string) => ({
                        'aria-label': control === 'previous' || control === 'first' ? pageLabels.previous : pageLabels.next,
                      }),
                    }
                  : {})}
              />
            </Group>
          ) : null}
        </Stack>
      </Card>
      {after}
    </Stack>
  );
}

/**
 * The states of a list query: loading, failed (with a retry), empty (`empty`, or `noMatch` when a
 * search or filter is on), or its items rendered by `children`.
 */
export function ListBody<T>({
  list,
  filtered = false,
  empty,
  noMatch,
  children,
}: {
  list: UseQueryResult<{ items: T[] }, unknown>;
  filtered?: boolean;
  empty: ReactNode;
  noMatch?: ReactNode;
  children: (items: T[]) => ReactNode;
}) {
  return (
    <QueryState query={list}>
      {({ items }) => (items.length === 0 ? <>{filtered && noMatch ? noMatch : empty}</> : children(items))}
    </QueryState>
  );
}
