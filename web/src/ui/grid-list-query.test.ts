import { describe, expect, it } from 'vitest';
import { gridListQuery } from './grid-list-query';

describe('gridListQuery', () => {
  it('passes the page, size, sort and only the named filters', () => {
    const q = { page: 2, pageSize: 40, sort: '-name', filters: { name: 'gr', other: 'x' } };
    expect(gridListQuery<{ name?: string; type?: string }>(q, ['name', 'type'])).toEqual({
      page: 2,
      pageSize: 40,
      sort: '-name',
      name: 'gr',
      type: undefined,
    });
  });
});
