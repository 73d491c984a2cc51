import { Table } from '@mantine/core';
import type { ReactNode } from 'react';

export interface ListColumn {
  label: ReactNode;
  align?: 'right';
}

/** The table of a list page: scrolls sideways below `minWidth`, a header row of `columns`, `children` are its rows. */
export function ListTable({ minWidth, columns, children }: { minWidth: number; columns: ListColumn[]; children: ReactNode }) {
  return (
    <Table.ScrollContainer minWidth={minWidth}>
      <Table verticalSpacing="sm" highlightOnHover>
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
