import { useCallback, useEffect, useMemo } from 'react';
import { useNavigate } from 'react-router';
import {
  dayLabel,
  MonthCalendar,
  type IsoDate,
  type IsoMonth,
  type SelectionMode,
} from '@/features/bookings';
import {
  MONTH_DATA_MARK,
  MONTH_RENDER_MEASURE,
  type SummaryDay,
  type SummaryGroup,
} from '../rules';
import type { DayUnavailability } from '../rules';
import { DayChips } from './day-chips';

const none: SummaryGroup[] = [];
const nobody = new Map<IsoDate, DayUnavailability>();

/**
 * 'Monday 7 December 2026, 3 placements' and, on a day someone shown is unavailable,
 * ', Unavailable: Fran Free': what a screen reader says of a day, not its colours. The day counts
 * the placements of all its groups, also those the month does not list.
 */
export function describeSchedulerDay(
  date: IsoDate,
  day: SummaryDay | undefined,
  unavailable?: DayUnavailability,
): string {
  const n = day?.placementCount ?? 0;
  const label = `${dayLabel(date)}, ${n} ${n === 1 ? 'placement' : 'placements'}`;
  return unavailable ? `${label}, ${unavailable.full}` : label;
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
  /** The days on which someone shown is unavailable. */
  unavailable?: ReadonlyMap<IsoDate, DayUnavailability>;
}

/**
 * The scheduler's month: the shared selectable calendar with each day's groups as chips that open
 * their bookings, and who is unavailable on it.
 */
export function SchedulerCalendar({
  days,
  cellHeight = 96,
  unavailable = nobody,
  ...props
}: SchedulerCalendarProps) {
  useRenderTiming(days);
  const navigate = useNavigate();
  const open = useCallback((href: string) => void navigate(href), [navigate]);
  const byDate = useMemo(() => {
    const m = new Map<IsoDate, SummaryDay>();
    for (const d of days ?? []) m.set(d.date, d);
    return m;
  }, [days]);
  const renderDay = useCallback(
    (date: IsoDate) => {
      const day = byDate.get(date);
      return (
        <DayChips
          groups={day?.groups ?? none}
          groupCount={day?.groupCount ?? 0}
          unavailable={unavailable.get(date)}
          onOpen={open}
        />
      );
    },
    [byDate, unavailable, open],
  );
  const describeDay = useCallback(
    (date: IsoDate) => describeSchedulerDay(date, byDate.get(date), unavailable.get(date)),
    [byDate, unavailable],
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
