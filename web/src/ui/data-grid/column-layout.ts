import type { ColumnState } from 'ag-grid-community';

/** What a grid remembers per user: its columns in display order, with their widths. */
export interface ColumnLayoutEntry {
  colId: string;
  width?: number;
}

/** The localStorage key of a grid's layout for one user. */
export function layoutKey(gridId: string, userId: number | string): string {
  return `hive.grid.${gridId}.user.${userId}`;
}

function storage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}

/** The saved layout, or undefined when none (or it is unreadable). */
export function loadLayout(key: string): ColumnLayoutEntry[] | undefined {
  const raw = storage()?.getItem(key);
  if (!raw) return undefined;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!Array.isArray(parsed)) return undefined;
    return parsed
      .filter(
        (e): e is ColumnLayoutEntry =>
          !!e && typeof e === 'object' && typeof (e as ColumnLayoutEntry).colId === 'string',
      )
      .map((e) =>
        typeof e.width === 'number' ? { colId: e.colId, width: e.width } : { colId: e.colId },
      );
  } catch {
    return undefined;
  }
}

/** Keeps the column order and widths of AG Grid's column state. */
export function layoutFromState(
  state: readonly Pick<ColumnState, 'colId' | 'width'>[],
): ColumnLayoutEntry[] {
  return state.map((s) => (s.width ? { colId: s.colId, width: s.width } : { colId: s.colId }));
}

export function saveLayout(key: string, layout: readonly ColumnLayoutEntry[]): void {
  try {
    storage()?.setItem(key, JSON.stringify(layout));
  } catch {
    // storage full or denied: the layout simply is not remembered
  }
}

/** The column state to apply: saved columns that still exist, in the saved order. */
export function stateFromLayout(
  layout: readonly ColumnLayoutEntry[],
  colIds: readonly string[],
): ColumnState[] {
  const known = new Set(colIds);
  return layout.filter((e) => known.has(e.colId)).map((e) => ({ ...e }));
}
