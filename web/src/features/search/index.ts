/**
 * The search feature's public entry: the top bar's search box (spec part 1 §2 Global search),
 * shown to department managers only.
 */
export { TopBarSearch } from './components/top-bar-search';
