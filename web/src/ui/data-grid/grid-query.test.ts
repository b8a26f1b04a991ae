import { describe, expect, it } from 'vitest';
import {
  filtersFromModel,
  setKey,
  sortFromColumnState,
  toColDef,
  type DataGridColumn,
} from './grid-query';

interface Row {
  id: number;
  name: string;
  type: string;
}

const columns: DataGridColumn<Row>[] = [
  { field: 'id', headerName: 'ID', sortable: true },
  { field: 'name', headerName: 'Name', sortable: true, filter: { type: 'text' } },
  {
    field: 'type',
    headerName: 'Type',
    filter: { type: 'set', options: [{ value: 'client', label: 'Client' }] },
  },
  { colId: 'country', headerName: 'Country', sortable: true, serverName: 'countryCode' },
];

describe('sortFromColumnState', () => {
  it('maps the sorted column to its server name, - for descending', () => {
    expect(sortFromColumnState([{ colId: 'name', sort: 'asc' }], columns)).toBe('name');
    expect(sortFromColumnState([{ colId: 'name', sort: 'desc' }], columns)).toBe('-name');
    expect(sortFromColumnState([{ colId: 'country', sort: 'desc' }], columns)).toBe('-countryCode');
  });
  it('takes the first by sort index and ignores unsortable columns', () => {
    expect(
      sortFromColumnState(
        [
          { colId: 'id', sort: 'asc', sortIndex: 1 },
          { colId: 'type', sort: 'asc', sortIndex: 0 },
        ],
        columns,
      ),
    ).toBe('id');
  });
  it('is undefined without a sort', () => {
    expect(sortFromColumnState([{ colId: 'id', sort: null }], columns)).toBeUndefined();
  });
});

describe('filtersFromModel', () => {
  it('maps text contains and set values, skipping blanks and unknown values', () => {
    expect(
      filtersFromModel(
        {
          name: { filterType: 'text', type: 'contains', filter: '  acme ' },
          type: { filterType: 'text', type: setKey('client') },
        },
        columns,
      ),
    ).toEqual({ name: 'acme', type: 'client' });
    expect(
      filtersFromModel(
        {
          name: { filterType: 'text', type: 'contains', filter: ' ' },
          type: { filterType: 'text', type: setKey('nope') },
        },
        columns,
      ),
    ).toEqual({});
    expect(filtersFromModel(null, columns)).toEqual({});
  });
});

describe('toColDef', () => {
  it('keeps the server order and configures floating filters', () => {
    const name = toColDef(columns[1]!);
    expect(name.sortable).toBe(true);
    expect(name.floatingFilter).toBe(true);
    expect(name.filter).toBe('agTextColumnFilter');
    expect((name.comparator as () => number)()).toBe(0);
    const type = toColDef(columns[2]!);
    expect(type.sortable).toBe(false);
    expect(JSON.stringify(type.filterParams)).toContain(setKey('client'));
    expect(toColDef(columns[0]!).filter).toBeUndefined();
  });
});
