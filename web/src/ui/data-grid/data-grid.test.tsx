import { screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import userEvent from '@testing-library/user-event';
import { queryOptions } from '@tanstack/react-query';
import type { CustomCellRendererProps } from 'ag-grid-react';
import { describe, expect, it, vi } from 'vitest';
import { makeUser, renderWithProviders } from '@/test/render';
import { layoutKey } from './column-layout';
import { DataGrid } from './data-grid';
import { PAGE_SIZES, toColDef, type DataGridColumn, type GridQuery } from './grid-query';
import { fakeMediaQueryList } from '@/test/media-query';

interface Person {
  id: number;
  name: string;
  city: string;
  status: 'awaiting' | 'done';
}

const STATUS = { awaiting: 'Awaiting client confirmation', done: 'Confirmed' } as const;

function StatusBadge({ data }: CustomCellRendererProps<Person>) {
  return data ? <span>{STATUS[data.status]}</span> : null;
}
function Open({ data }: CustomCellRendererProps<Person>) {
  return data ? <button type="button">Open {data.name}</button> : null;
}

const columns: DataGridColumn<Person>[] = [
  { field: 'name', headerName: 'Name', cardTitle: true, sortable: true, filter: { type: 'text' } },
  { field: 'city', headerName: 'City', valueFormatter: (p) => String(p.value).toUpperCase() },
  {
    colId: 'status',
    headerName: 'Status',
    cellRenderer: StatusBadge,
    kind: 'status',
    fullText: (r) => STATUS[r.status],
  },
  { colId: 'actions', headerName: 'Actions', cellRenderer: Open, kind: 'actions' },
];

const people: Person[] = [
  { id: 1, name: 'Ada', city: 'London', status: 'awaiting' },
  { id: 2, name: 'Grace', city: 'Leeds', status: 'done' },
];

function open() {
  const asked: GridQuery[] = [];
  const query = (q: GridQuery) => {
    asked.push(q);
    return queryOptions({
      queryKey: ['people', q],
      queryFn: () => Promise.resolve({ items: people, total: 45 }),
    });
  };
  renderWithProviders(<DataGrid gridId="people" label="People" columns={columns} query={query} />, {
    user: makeUser(),
  });
  return { asked };
}

/** Makes the phone media query match (or not) for the next render. */
function phone(matches: boolean) {
  vi.stubGlobal('matchMedia', (query: string) =>
    fakeMediaQueryList(query, matches && query.includes('max-width')),
  );
}

describe('DataGrid columns', () => {
  it('pins status and action columns to the right edge, where they cannot be moved away', () => {
    const [name, , status, actions] = columns.map(toColDef);
    for (const def of [status, actions]) {
      expect(def).toMatchObject({ pinned: 'right', lockPinned: true, suppressMovable: true });
    }
    expect(name?.pinned).toBeUndefined();
    expect(name).not.toHaveProperty('cardTitle');
    expect(status).not.toHaveProperty('kind');
  });

  it("gives a shortened status its full text as the cell's tooltip", () => {
    const status = toColDef(columns[2]!);
    const tip = status.tooltipValueGetter?.({ data: people[0] } as never);
    expect(tip).toBe('Awaiting client confirmation');
  });
});

describe('DataGrid on a wide screen', () => {
  it('renders the status and actions in the pinned right part of each row, the status with its full text', async () => {
    phone(false);
    open();
    const section = screen.getByRole('region', { name: 'People' });
    const row = (await within(section).findByText('Ada')).closest<HTMLElement>('[role="row"]')!;
    const cell = (colId: string) => row.querySelector<HTMLElement>(`[col-id="${colId}"]`)!;
    const rightPinned = (el: HTMLElement) => el.closest('.ag-grid-pinned-right-cells') !== null;
    expect(rightPinned(cell('status'))).toBe(true);
    expect(rightPinned(cell('actions'))).toBe(true);
    expect(rightPinned(cell('name'))).toBe(false);
    // One row holds them all, so a row found by its name holds its status and actions too.
    expect(within(row).getByText('Awaiting client confirmation')).toBeVisible();
    expect(within(row).getByRole('button', { name: 'Open Ada' })).toBeVisible();
    expect(cell('status')).toHaveAttribute('title', 'Awaiting client confirmation');
    expect(within(section).queryByRole('list', { name: 'People' })).toBeNull();
  });

  it('offers 20, 40 and 100 rows per page, and asks the server for the chosen size', async () => {
    phone(false);
    const { asked } = open();
    const section = screen.getByRole('region', { name: 'People' });
    await within(section).findByText('Ada');
    expect(PAGE_SIZES).toEqual([20, 40, 100]);
    await userEvent.click(within(section).getByRole('combobox', { name: 'People: rows per page' }));
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['20', '40', '100']);
    await userEvent.click(screen.getByRole('option', { name: '40' }));
    await waitFor(() => expect(asked.at(-1)).toMatchObject({ page: 1, pageSize: 40 }));
    expect(asked[0]).toMatchObject({ page: 1, pageSize: 20 });
  });
});

describe('DataGrid at phone width', () => {
  it('shows a card per row from the same columns: title, status, labelled values and actions', async () => {
    phone(true);
    open();
    const section = screen.getByRole('region', { name: 'People' });
    const list = await within(section).findByRole('list', { name: 'People' });
    const cards = within(list).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    const ada = cards[0]!;
    expect(within(ada).getByText('Ada')).toBeVisible();
    expect(within(ada).getByText('City')).toBeVisible();
    // The column's formatter, as in the grid.
    expect(within(ada).getByText('LONDON')).toBeVisible();
    const status = within(ada).getByText('Awaiting client confirmation');
    expect(status.closest('[title]')).toHaveAttribute('title', 'Awaiting client confirmation');
    expect(within(ada).getByRole('button', { name: 'Open Ada' })).toBeVisible();
    // No grid, but the same pager.
    expect(section.querySelector('.ag-root')).toBeNull();
    expect(within(section).getByText('1–20 of 45')).toBeVisible();
  });

  it("sorts and filters from the columns' own settings, asking the server", async () => {
    phone(true);
    const { asked } = open();
    const section = screen.getByRole('region', { name: 'People' });
    await within(section).findByRole('list', { name: 'People' });
    await userEvent.click(within(section).getByRole('button', { name: 'Sort and filter' }));
    const controls = within(section).getByRole('group', { name: 'People: sort and filter' });
    await userEvent.type(within(controls).getByRole('textbox', { name: 'Name' }), 'gr');
    await waitFor(() => expect(asked.at(-1)).toMatchObject({ page: 1, filters: { name: 'gr' } }));
    await userEvent.click(within(controls).getByRole('combobox', { name: 'Sort by' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Name (Z–A)' }));
    await waitFor(() =>
      expect(asked.at(-1)).toMatchObject({ sort: '-name', filters: { name: 'gr' } }),
    );
    expect(within(section).getByRole('button', { name: 'Sort and filter (1)' })).toBeVisible();
  });

  it('keeps a saved column order when its columns are given again (a header renamed on load)', async () => {
    phone(false);
    const me = makeUser();
    window.localStorage.setItem(
      layoutKey('moved', me.id),
      JSON.stringify([
        { colId: 'city' },
        { colId: 'name' },
        { colId: 'status' },
        { colId: 'actions' },
      ]),
    );
    const query = () =>
      queryOptions({
        queryKey: ['moved'],
        queryFn: () => Promise.resolve({ items: people, total: 2 }),
      });
    const renamed = columns.map((c) =>
      c.field === 'name' ? { ...c, headerName: 'Full name' } : { ...c },
    );
    function Grid() {
      const [cols, setCols] = useState(columns);
      return (
        <>
          <button type="button" onClick={() => setCols(renamed)}>
            Rename
          </button>
          <DataGrid gridId="moved" label="Moved" columns={cols} query={query} />
        </>
      );
    }
    renderWithProviders(<Grid />, { user: me });
    const section = screen.getByRole('region', { name: 'Moved' });
    await within(section).findByText('Ada');
    const order = () =>
      [...section.querySelectorAll<HTMLElement>('.ag-header-row-column .ag-header-cell[col-id]')]
        .map((h) => h.getAttribute('col-id'))
        .filter((id) => id === 'name' || id === 'city');
    await waitFor(() => expect(order()).toEqual(['city', 'name']));
    // New column objects with the same ids: the users' grid gets them once the product name loads.
    await userEvent.setup().click(screen.getByRole('button', { name: 'Rename' }));
    await within(section).findByText('Full name');
    expect(order()).toEqual(['city', 'name']);
    window.localStorage.removeItem(layoutKey('moved', me.id));
  });
});
