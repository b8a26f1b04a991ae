export { DataGrid, type DataGridProps, type GridQueryOptions } from './data-grid';
export {
  DEFAULT_PAGE_SIZE,
  PAGE_SIZES,
  type DataGridColumn,
  type GridFilter,
  type GridPage,
  type GridQuery,
  labelledOptions,
  labelledSet,
} from './grid-query';
export { linkCell } from './link-cell';
export { layoutKey } from './column-layout';
export { PageLinks, PageSizeSelect } from './pager';
export { gridTheme } from './grid-theme';
export { fitColumns } from './fit-columns';
