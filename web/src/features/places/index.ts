/**
 * The places feature's public entry: the location search field, shared by people (the
 * freelancer profile) and organisations (the legal-entity form), and the stored value's shape.
 * Other features import from '@/features/places' only.
 */
export { LocationSelect, type LocationFieldValue } from './components/location-select';
export { locationValueOf, type LocationValue } from './rules';
export type { LocationSuggestion } from './api/search-locations';
