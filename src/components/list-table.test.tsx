// @vitest-environment jsdom
import { MantineProvider, Table } from '@mantine/core';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ListTable } from './list-table';
import { installDomShims } from './testing/install-dom-shims';

beforeAll(installDomShims);

afterEach(cleanup);

/** What the cells say (the lint keeps literal words out of JSX). */
const TEXT = { cashUp: 'Cash-up', grouped: 'Grouped', total: 'Total', collected: '18,50 €', tip: '+ 2,00 € tip', cash: 'Cash', card: 'Card', card40: '40,00 €' };

const columns = [{ label: 'Method' }, { label: 'Transactions', align: 'right' as const }, { label: 'Collected', align: 'right' as const }];

function renderTable(minWidth: number | undefined, withMember: boolean) {
  render(
    <MantineProvider>
      <ListTable
        minWidth={minWidth}
        label={TEXT.cashUp}
        columns={columns}
        footer={
          <Table.Tr>
            <Table.Td colSpan={2}>{TEXT.total}</Table.Td>
            <Table.Td ta="right">{TEXT.collected}</Table.Td>
          </Table.Tr>
        }
      >
        <Table.Tr>
          <Table.Td>{TEXT.cash}</Table.Td>
          {withMember ? null : <Table.Td ta="right">{3}</Table.Td>}
          <Table.Td ta="right">
            <span>{TEXT.collected}</span>
            <span>{TEXT.tip}</span>
          </Table.Td>
        </Table.Tr>
      </ListTable>
    </MantineProvider>,
  );
  return screen.getByRole('table', { name: 'Cash-up' });
}

const cells = (table: HTMLElement) => within(table).getAllByRole('cell');

describe('ListTable', () => {
  it('gives each cell of a wide table its column name for the phone layout, counting spanned columns', () => {
    const table = renderTable(640, false);
    expect(cells(table).map((cell) => cell.getAttribute('data-label'))).toEqual(['Method', 'Transactions', 'Collected', null, 'Collected']);
    // What a cell holds stays whole, in one block the phone layout aligns as the value.
    const collected = cells(table)[2]!;
    expect(collected.children).toHaveLength(1);
    expect(collected.firstElementChild?.className).toBe('cita-list-table-value');
    expect(collected.textContent).toBe('18,50 €+ 2,00 € tip');
  });

  it('keeps the table a table for screen readers: explicit roles, and the column headers unchanged', () => {
    const table = renderTable(640, false);
    expect(table.getAttribute('role')).toBe('table');
    expect(within(table).getAllByRole('columnheader').map((header) => header.textContent)).toEqual(['Method', 'Transactions', 'Collected']);
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(table.closest('.cita-list-table-scroll')).not.toBeNull();
  });

  it('skips a cell left out of a row (null) without shifting the names of the cells after it', () => {
    const table = renderTable(640, true);
    expect(cells(table).map((cell) => cell.getAttribute('data-label')).slice(0, 2)).toEqual(['Method', 'Transactions']);
  });

  it('finds the rows and cells inside fragments too', () => {
    render(
      <MantineProvider>
        <ListTable minWidth={640} label={TEXT.grouped} columns={columns}>
          <>
            <Table.Tr>
              <>
                <Table.Td>{TEXT.card}</Table.Td>
                <Table.Td>{2}</Table.Td>
              </>
              <Table.Td>{TEXT.card40}</Table.Td>
            </Table.Tr>
          </>
        </ListTable>
      </MantineProvider>,
    );
    const table = screen.getByRole('table', { name: 'Grouped' });
    expect(within(table).getAllByRole('row')).toHaveLength(2);
    expect(cells(table).map((cell) => cell.getAttribute('data-label'))).toEqual(['Method', 'Transactions', 'Collected']);
  });

  it('leaves a small table (no minWidth) as it is written: no names, no wrapper, no scrolling', () => {
    const table = renderTable(undefined, false);
    expect(cells(table).every((cell) => !cell.hasAttribute('data-label'))).toBe(true);
    const first = cells(table)[0]!;
    expect(first.textContent).toBe('Cash');
    expect(first.children).toHaveLength(0);
    expect(table.className).not.toContain('cita-list-table-stacks');
    expect(table.closest('.cita-list-table-scroll')).toBeNull();
  });
});
