import type { GridQuery } from '@/ui/data-grid';

/**
 * A grid's page, page size, sort and the named header filters as the query of the list
 * operation whose query type is `Q`. The grid's sort and set-filter values are strings; the
 * server checks them against its enums (422 for one it does not know), so they are passed as
 * `Q` names them without a check here.
 */
export function gridListQuery<Q>(
  { page, pageSize, sort, filters }: GridQuery,
  filterNames: readonly (keyof Q & string)[],
): Q {
  const named = Object.fromEntries(filterNames.map((name) => [name, filters[name]]));
  return { page, pageSize, sort, ...named } as Q;
}
