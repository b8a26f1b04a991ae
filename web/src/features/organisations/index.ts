/**
 * The organisations feature's public entry: what other features may use. Search's cards and its
 * Business Type filter name entity kinds and legal forms with the labels of spec part 1 §3.
 */
export { entityTypeLabel } from './entities/rules';
export { LEGAL_ENTITY_TYPES, legalFormLabels } from './legal-entities/rules';
