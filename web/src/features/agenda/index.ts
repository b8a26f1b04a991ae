/**
 * The agenda feature's public entry: what other features may use. Home lists the offers that
 * await the freelancer's answer with the agenda's own Outstanding query (the same cache entry),
 * so answering on either page refreshes both. Other features import from '@/features/agenda'
 * only, never from a file inside it (eslint.config.js).
 */
export { agendaQueryOptions } from './api/get-agenda';
export { cardTitle, type AgendaCard } from './rules';
