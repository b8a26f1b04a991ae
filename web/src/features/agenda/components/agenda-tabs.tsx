import { Badge, Tabs } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { agendaStatsQueryOptions } from '../api/get-agenda-stats';
import { tabsOf, type AgendaStats, type AgendaTab, type AgendaView, type TabInfo } from '../rules';
import { AgendaList } from './agenda-list';
import { mantineColour } from '@/lib/status/status';

/**
 * The agenda's tabs with their counts and the active tab's cards. The Critical count is green at
 * zero and red otherwise (spec §2); the others are neutral. Without counts (loading or failed)
 * the tabs still work.
 */
export function AgendaTabs({
  view,
  tab,
  onChange,
}: {
  view: AgendaView;
  tab: AgendaTab;
  onChange: (tab: AgendaTab) => void;
}) {
  const stats = useQuery(agendaStatsQueryOptions(view));
  const tabs = tabsOf(view);
  return (
    <Tabs
      value={tab}
      onChange={(v) => v && onChange(v as AgendaTab)}
      keepMounted={false}
      activateTabWithKeyboard
    >
      {/* One line that scrolls sideways on a phone rather than wrapping into a block. */}
      <Tabs.List
        aria-label="Agenda tabs"
        style={{ flexWrap: 'nowrap', overflowX: 'auto', overflowY: 'hidden' }}
        mb="md"
      >
        {tabs.map((t) => (
          <Tabs.Tab
            key={t.value}
            value={t.value}
            mih={44}
            style={{ flexShrink: 0 }}
            rightSection={stats.data && <CountBadge info={t} stats={stats.data} />}
          >
            {t.label}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {tabs.map((t) => (
        <Tabs.Panel key={t.value} value={t.value}>
          <AgendaList view={view} tab={t.value} info={t} />
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}

function CountBadge({ info, stats }: { info: TabInfo; stats: AgendaStats }) {
  const n = stats[info.stat];
  if (info.value === 'critical') {
    const colour = n === 0 ? 'green' : 'red';
    return (
      <Badge color={mantineColour[colour]} autoContrast variant="filled" data-colour={colour}>
        {n}
      </Badge>
    );
  }
  return (
    <Badge color="gray.2" autoContrast variant="filled">
      {n}
    </Badge>
  );
}
