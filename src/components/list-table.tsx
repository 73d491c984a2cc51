import { Table, VisuallyHidden } from '@mantine/core';
import { Children, cloneElement, Fragment, isValidElement, type ReactElement, type ReactNode } from 'react';
import './list-table.css';

export interface ListColumn {
  /** The column's name: its header, and on a phone each cell's caption. */
  label: string;
  /** Numbers and money: right-aligned (each row's cell of the column says so too: `ta={column.align}`). */
  align?: 'right';
  /** A column whose cells say what they are (a row's actions): its name is for screen readers only. */
  hideLabel?: boolean;
}

type CellProps = { children?: ReactNode; colSpan?: number };

/**
 * Cells with their column's name (`data-label`, which the phone layout shows beside the value; `next`
 * counts the columns, a spanning cell's too) and their content in one block, which the phone layout
 * aligns as one value whatever the cell holds. Cells are the caller's `<Table.Td>` elements, written
 * directly or in fragments (as every list does); anything else passes through unchanged.
 */
function nameCells(cells: ReactNode, columns: ListColumn[], next: { column: number }): ReactNode {
  return Children.map(cells, (cell) => {
    if (!isValidElement<CellProps>(cell)) return cell;
    if (cell.type === Fragment) return cloneElement(cell, undefined, nameCells(cell.props.children, columns, next));
    const span = cell.props.colSpan ?? 1;
    const named = span === 1 ? columns[next.column] : undefined;
    next.column += span;
    return cloneElement(
      cell as ReactElement<CellProps & { role?: string; 'data-label'?: string }>,
      { role: 'cell', 'data-label': named && !named.hideLabel ? named.label : undefined },
      <div className="cita-list-table-value">{cell.props.children}</div>,
    );
  });
}

/**
 * Rows (`<Table.Tr>`, directly or in fragments) with their cells named. The explicit roles keep the
 * table a table for screen readers when the phone layout makes its rows blocks (Safari drops the
 * semantics of a table whose display is changed).
 */
function nameRows(rows: ReactNode, columns: ListColumn[]): ReactNode {
  return Children.map(rows, (row) => {
    if (!isValidElement<CellProps>(row)) return row;
    if (row.type === Fragment) return cloneElement(row, undefined, nameRows(row.props.children, columns));
    return cloneElement(row as ReactElement<CellProps & { role?: string }>, { role: 'row' }, nameCells(row.props.children, columns, { column: 0 }));
  });
}

/**
 * The table of a list page or a report: a header row of `columns`, `children` are its rows and `footer`
 * its totals rows; `label` names it where the page holds more than one list; `dense` for a report's
 * figures. A table wider than a phone (`minWidth`) scrolls sideways below that width, and on a phone
 * (below Mantine's `xs`) each row stands as a block instead: its first cell as the row's title, then
 * each other cell on a line with its column's name (list-table.css). Without `minWidth` it is a small
 * table that fits its column everywhere.
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
  const stacks = minWidth !== undefined;
  const group = stacks ? 'rowgroup' : undefined;
  const table = (
    <Table
      verticalSpacing={dense ? 'xs' : 'sm'}
      highlightOnHover
      aria-label={label}
      data-testid={testId}
      className={stacks ? 'cita-list-table-stacks' : undefined}
      role={stacks ? 'table' : undefined}
    >
      <Table.Thead role={group}>
        <Table.Tr role={stacks ? 'row' : undefined}>
          {columns.map((column, index) => (
            <Table.Th key={index} ta={column.align} role={stacks ? 'columnheader' : undefined}>
              {column.hideLabel ? <VisuallyHidden>{column.label}</VisuallyHidden> : column.label}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody role={group}>{stacks ? nameRows(children, columns) : children}</Table.Tbody>
      {footer ? <Table.Tfoot role={group}>{stacks ? nameRows(footer, columns) : footer}</Table.Tfoot> : null}
    </Table>
  );
  return stacks ? (
    <Table.ScrollContainer minWidth={minWidth} className="cita-list-table-scroll">
      {table}
    </Table.ScrollContainer>
  ) : (
    table
  );
}
