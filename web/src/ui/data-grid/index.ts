export { DataGrid, type DataGridProps, type GridQueryOptions } from './data-grid';
export {
  DEFAULT_PAGE_SIZE,
  PAGE_SIZES,
  type DataGridColumn,
  type GridFilter,
  type GridPage,
  type GridQuery,
} from './grid-query';
export { layoutKey } from './column-layout';
export { PageLinks, PageSizeSelect } from './pager';
export { gridTheme } from './grid-theme';
