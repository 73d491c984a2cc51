import { Table } from '@mantine/core';
import type { ReactNode } from 'react';

export interface ListColumn {
  label: ReactNode;
  /** Numbers and money: right-aligned (each row's cell of the column says so too: `ta={column.align}`). */
  align?: 'right';
}

/**
 * The table of a list page or a report: scrolls sideways below `minWidth` (none: a small table that
 * fits its column), a header row of `columns`, `children` are its rows and `footer` its totals rows;
 * `label` names it where the page holds more than one list; `dense` for a report's figures.
 */
export function ListTable({
  minWidth,
  columns,
  label,
  dense = false,
  testId,
  footer,
  children,
}: {
  minWidth?: number;
  columns: ListColumn[];
  label?: string;
  dense?: boolean;
  testId?: string;
  footer?: ReactNode;
  children: ReactNode;
}) {
  const table = (
    <Table verticalSpacing={dense ? 'xs' : 'sm'} highlightOnHover aria-label={label} data-testid={testId}>
      <Table.Thead>
        <Table.Tr>
          {columns.map((column, index) => (
            <Table.Th key={index} ta={column.align}>
              {column.label}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>{children}</Table.Tbody>
      {footer ? <Table.Tfoot>{footer}</Table.Tfoot> : null}
    </Table>
  );
  return minWidth === undefined ? table : <Table.ScrollContainer minWidth={minWidth}>{table}</Table.ScrollContainer>;
}
