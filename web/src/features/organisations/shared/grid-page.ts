import type { GridPage } from '@/ui/data-grid';

/** A list answer as the grid wants it (Go sends a null list for an empty page). */
export function asGridPage<Row>(page: { items?: Row[] | null; total: number }): GridPage<Row> {
  return { items: page.items ?? [], total: page.total };
}
