import { AllCommunityModule, ModuleRegistry, themeQuartz } from 'ag-grid-community';

ModuleRegistry.registerModules([AllCommunityModule]);

/**
 * The look of every AG Grid in Hive (the DataGrid's server pages and a booking's placements
 * grid): Quartz in the page's font with bold headers. Importing it registers AG Grid's modules.
 */
export const gridTheme = themeQuartz.withParams({ fontFamily: 'inherit', headerFontWeight: 600 });
