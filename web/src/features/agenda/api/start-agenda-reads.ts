import type { CurrentUser } from '@/api/types';
import { agendaViewOf, tabFromUrl } from '../rules';
import { startAgendaRead } from './get-agenda';
import { startAgendaStatsRead } from './get-agenda-stats';

/**
 * The agenda page's first reads (its tab's cards and the counts), started as the app loads on
 * /agenda, once whoami is known: the page, when its code has arrived, takes their answers.
 */
export function startAgendaReads(user: CurrentUser, search: URLSearchParams): void {
  const view = agendaViewOf(user);
  startAgendaRead(view, tabFromUrl(search.get('tab'), view));
  startAgendaStatsRead(view);
}
