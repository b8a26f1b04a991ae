import type { DataGridColumn } from '@/ui/data-grid';

/** A grid column showing one text of a row ('' while the row loads). */
export function textColumn<R>(
  colId: string,
  headerName: string,
  text: (r: R) => string,
  sortable = true,
): DataGridColumn<R> {
  return { colId, headerName, sortable, valueGetter: ({ data }) => (data ? text(data) : '') };
}
