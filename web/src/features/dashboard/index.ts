/** The dashboard's public entry: who may open it, for the sidebar. */
export { canSeeDashboard } from './rules';
