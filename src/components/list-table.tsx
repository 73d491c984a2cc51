import { Table } from '@mantine/core';
import type { ReactNode } from 'react';

export interface ListColumn {
  label: ReactNode;
  align?: 'right';
}

/**
 * The table of a list page: scrolls sideways below `minWidth`, a header row of `columns`, `children`
 * are its rows; `label` names it where the page holds more than one list.
 */
export function ListTable({ minWidth, columns, label, children }: { minWidth: number; columns: ListColumn[]; label?: string; children: ReactNode }) {
  return (
    <Table.ScrollContainer minWidth={minWidth}>
      <Table verticalSpacing="sm" highlightOnHover aria-label={label}>
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
      </Table>
    </Table.ScrollContainer>
  );
}
