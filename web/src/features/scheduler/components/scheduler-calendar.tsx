import { useCallback, useEffect, useMemo } from 'react';
import {
  dayLabel,
  MonthCalendar,
  type IsoDate,
  type IsoMonth,
  type SelectionMode,
} from '@/features/bookings';
import { MONTH_DATA_MARK, MONTH_RENDER_MEASURE, type SummaryDay, type SummaryGroup } from '../api';
import { DayChips } from './day-chips';

const none: SummaryGroup[] = [];

/** 'Monday 7 December 2026, 3 placements': the day and how many placements it holds. */
export function describeSchedulerDay(date: IsoDate, groups: readonly SummaryGroup[]): string {
  const n = groups.reduce((sum, g) => sum + (g.placementIds?.length ?? 0), 0);
  return `${dayLabel(date)}, ${n} ${n === 1 ? 'placement' : 'placements'}`;
}

export interface SchedulerCalendarProps {
  month: IsoMonth;
  onMonthChange: (month: IsoMonth) => void;
  selected: IsoDate[];
  onSelectedChange: (dates: IsoDate[]) => void;
  mode: SelectionMode;
  onModeChange: (mode: SelectionMode) => void;
  days: readonly SummaryDay[] | undefined;
  /** Minimum height of a day cell in px. */
  cellHeight?: number;
}

/** The scheduler's month: the shared selectable calendar with each day's groups as chips. */
export function SchedulerCalendar({ days, cellHeight = 96, ...props }: SchedulerCalendarProps) {
  useRenderTiming(days);
  const byDate = useMemo(() => {
    const m = new Map<IsoDate, SummaryGroup[]>();
    for (const d of days ?? []) m.set(d.date, d.groups ?? none);
    return m;
  }, [days]);
  const renderDay = useCallback(
    (date: IsoDate) => <DayChips groups={byDate.get(date) ?? none} />,
    [byDate],
  );
  const describeDay = useCallback(
    (date: IsoDate) => describeSchedulerDay(date, byDate.get(date) ?? none),
    [byDate],
  );
  return (
    <MonthCalendar
      label="Scheduler"
      value={props.selected}
      onChange={props.onSelectedChange}
      mode={props.mode}
      onModeChange={props.onModeChange}
      month={props.month}
      onMonthChange={props.onMonthChange}
      hideNavigation
      renderDay={renderDay}
      describeDay={describeDay}
      cellHeight={cellHeight}
    />
  );
}

/**
 * Measures from the month's data (MONTH_DATA_MARK, set when it is parsed) until the first frame
 * after React committed the days has been painted, so the render benchmark sees what a user waits for.
 */
function useRenderTiming(days: readonly SummaryDay[] | undefined) {
  useEffect(() => {
    if (!days || performance.getEntriesByName(MONTH_DATA_MARK, 'mark').length === 0) return;
    // The callback of the second frame runs once the first one, showing the days, is painted.
    let frame = requestAnimationFrame(() => {
      frame = requestAnimationFrame(() => {
        performance.measure(MONTH_RENDER_MEASURE, MONTH_DATA_MARK);
        performance.clearMarks(MONTH_DATA_MARK);
      });
    });
    return () => cancelAnimationFrame(frame);
  }, [days]);
}
