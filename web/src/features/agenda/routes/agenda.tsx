import { Grid } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { TimesheetsToSubmit } from '@/features/timesheets';
import { useCurrentUser } from '@/lib/current-user';
import { OfflineNotice } from '@/ui/offline-notice';
import { PageHeader } from '@/ui/page-header';
import { AgendaTabs } from '../components/agenda-tabs';
import { FeedPanel } from '../components/feed-panel';
import { agendaViewOf, tabFromUrl, type AgendaTab } from '../rules';

/**
 * /agenda (spec part 2 §2): placement cards in tabs, a freelancer's own or a manager's
 * departments'. The tab lives in ?tab= so a reload keeps it; freelancers also get the calendar
 * feed panel (beside the cards on a wide screen, after them on a phone) and, above the cards, their
 * timesheets to fill or disputed to submit several at once (hidden when there are none).
 */
export function AgendaRoute() {
  const user = useCurrentUser();
  const view = agendaViewOf(user);
  const [search, setSearch] = useSearchParams();
  const tab = tabFromUrl(search.get('tab'), view);

  const choose = (next: AgendaTab) =>
    setSearch(
      (prev) => {
        const params = new URLSearchParams(prev);
        params.set('tab', next);
        return params;
      },
      { replace: true },
    );

  const tabs = <AgendaTabs view={view} tab={tab} onChange={choose} />;
  return (
    <>
      <PageHeader title="Agenda" />
      <OfflineNotice what="your agenda" />
      {view === 'freelancer' ? (
        // The cards wait, mounted but hidden, until the list above them is known (no shift).
        <TimesheetsToSubmit userId={user.id}>
          <Grid gap="lg">
            <Grid.Col span={{ base: 12, md: 8 }}>{tabs}</Grid.Col>
            <Grid.Col span={{ base: 12, md: 4 }}>
              <FeedPanel />
            </Grid.Col>
          </Grid>
        </TimesheetsToSubmit>
      ) : (
        tabs
      )}
    </>
  );
}

export { AgendaRoute as Component };
