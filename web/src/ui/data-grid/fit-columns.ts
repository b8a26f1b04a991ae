import type { GridApi } from 'ag-grid-community';

/** A column sized to its content grows no wider than this (a long title is cut, in full on hover). */
export const MAX_CONTENT_WIDTH = 360;

/**
 * Sizes a grid's columns to their content and header, at most MAX_CONTENT_WIDTH each and never
 * below their minWidth, then, when they leave room in `width`, widens them to fill it. Columns
 * never squeeze below their content: when they do not fit, the grid scrolls sideways. The one
 * sizing rule of every grid (the DataGrid and the booking's placements grid); columns given to it
 * carry no `flex`, which would override the measured widths.
 */
export function fitColumns(api: GridApi, width: number) {
  api.autoSizeAllColumns();
  const state = api.getColumnState().filter((c) => !c.hide);
  const capped = state
    .filter((c) => (c.width ?? 0) > MAX_CONTENT_WIDTH)
    .map((c) => ({ colId: c.colId, width: MAX_CONTENT_WIDTH }));
  if (capped.length) api.applyColumnState({ state: capped });
  const used = api
    .getColumnState()
    .filter((c) => !c.hide)
    .reduce((sum, c) => sum + (c.width ?? 0), 0);
  if (width > used) api.sizeColumnsToFit(width);
}
