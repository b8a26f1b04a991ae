import {
  ActionIcon,
  Box,
  Button,
  Checkbox,
  Group,
  Modal,
  SegmentedControl,
  Stack,
  Text,
} from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import {
  memo,
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type PointerEvent,
  type ReactNode,
} from 'react';
import {
  WEEKDAYS,
  activate,
  addMonths,
  dayLabel,
  deselectWeekdays,
  extend,
  monthLabel,
  monthOf,
  monthWeeks,
  moveFocus,
  pointerDown,
  pointerEnter,
  pointerUp,
  setMode,
  today,
  weekdayCounts,
  type IsoDate,
  type IsoMonth,
  type SelectionMode,
  type SelectionState,
} from '../rules';
import { DialogActions } from '@/ui/dialog-actions';
import { countOf } from '@/lib/format';

export interface MonthCalendarProps {
  /** The selected dates (YYYY-MM-DD). */
  value: IsoDate[];
  onChange: (dates: IsoDate[]) => void;
  mode: SelectionMode;
  onModeChange: (mode: SelectionMode) => void;
  /** The grid's accessible name (the month is added). */
  label?: string;
  /** The month shown first; default the month of the first selected date, or of today. */
  defaultMonth?: IsoMonth;
  /**
   * Extra content under a day's number (the scheduler's summaries). Day cells are memoised: pass
   * a stable function (useCallback) so a selection change re-renders only the days it touches.
   */
  renderDay?: (date: IsoDate) => ReactNode;
  /** The month shown, when the parent controls it (the scheduler's throttled toolbar). */
  month?: IsoMonth;
  onMonthChange?: (month: IsoMonth) => void;
  /** Leaves out the calendar's own Prev/Next row (the parent has its own). */
  hideNavigation?: boolean;
  /** A day's accessible name; default its full date ('Monday 7 December 2026'). */
  describeDay?: (date: IsoDate) => string;
  /** Minimum height of a day cell in px (default 40). */
  cellHeight?: number;
}

type Interaction = Pick<SelectionState, 'anchor' | 'dragging' | 'moved'>;

const idle: Interaction = { anchor: null, dragging: false, moved: false };
const sameDates = (a: readonly IsoDate[], b: readonly IsoDate[]) =>
  a.length === b.length && a.every((d, i) => d === b[i]);

/**
 * A month calendar of selectable days, Monday first (spec part 2 §2 and §9). Range mode: a drag,
 * or a click on the first day and another on the last, selects every day between. Custom mode:
 * a click toggles one day. Keyboard: arrows, Home/End and PageUp/PageDown move the focus; Space
 * or Enter acts as a click; Shift with an arrow extends a range. Knows nothing of bookings, so the
 * scheduler reuses it.
 */
export function MonthCalendar({
  value,
  onChange,
  mode,
  onModeChange,
  label = 'Dates',
  defaultMonth,
  renderDay,
  month: controlledMonth,
  onMonthChange,
  hideNavigation = false,
  describeDay = dayLabel,
  cellHeight = 40,
}: MonthCalendarProps) {
  const [ownMonth, setOwnMonth] = useState<IsoMonth>(
    () => controlledMonth ?? defaultMonth ?? monthOf(value[0] ?? today()),
  );
  const month = controlledMonth ?? ownMonth;
  const setMonth = (next: IsoMonth) => (onMonthChange ? onMonthChange(next) : setOwnMonth(next));
  // The roving focus starts on a day of the month shown: the first selected, today, or the 1st.
  const [focused, setFocused] = useState<IsoDate>(
    () => [...value, today()].find((d) => monthOf(d) === month) ?? `${month}-01`,
  );
  const [interaction, setInteraction] = useState<Interaction>(idle);
  const [deselectOpen, setDeselectOpen] = useState(false);
  const gridRef = useRef<HTMLDivElement>(null);
  const focusAfterRender = useRef(false);
  const keyAnchor = useRef<IsoDate | null>(null);
  // Pointer events can arrive faster than renders: every transition starts from these.
  const current = useRef<SelectionState>({ mode, selected: value, ...idle });

  // The parent's callbacks may change on every render; the listeners read the latest.
  const callbacks = useRef({ onChange, onModeChange });

  useLayoutEffect(() => {
    current.current = { ...current.current, mode, selected: value };
    callbacks.current = { onChange, onModeChange };
  }, [mode, value, onChange, onModeChange]);

  const apply = useCallback((step: (s: SelectionState) => SelectionState) => {
    const before = current.current;
    const next = step(before);
    current.current = next;
    setInteraction({ anchor: next.anchor, dragging: next.dragging, moved: next.moved });
    if (next.mode !== before.mode) callbacks.current.onModeChange(next.mode);
    if (!sameDates(next.selected, before.selected)) callbacks.current.onChange(next.selected);
  }, []);

  // A drag ends wherever the pointer is released, on the calendar or not.
  useEffect(() => {
    const up = () => {
      if (current.current.dragging) apply(pointerUp);
    };
    window.addEventListener('pointerup', up);
    window.addEventListener('pointercancel', up);
    return () => {
      window.removeEventListener('pointerup', up);
      window.removeEventListener('pointercancel', up);
    };
  }, [apply]);

  useEffect(() => {
    if (!focusAfterRender.current) return;
    focusAfterRender.current = false;
    gridRef.current?.querySelector<HTMLElement>(`[data-date="${focused}"]`)?.focus();
  }, [focused, month]);

  const focusDay = (date: IsoDate) => {
    focusAfterRender.current = true;
    setFocused(date);
    if (monthOf(date) !== month) setMonth(monthOf(date));
  };

  const showMonth = (next: IsoMonth) => {
    setMonth(next);
    // Keep the roving focus inside the month shown.
    setFocused(`${next}-01`);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key === ' ' || e.key === 'Enter') {
      e.preventDefault();
      keyAnchor.current = null;
      apply((s) => activate(s, focused));
      return;
    }
    const next = moveFocus(focused, e.key);
    if (!next) return;
    e.preventDefault();
    if (e.shiftKey && e.key.startsWith('Arrow')) {
      keyAnchor.current ??= focused;
      const anchor = keyAnchor.current;
      apply((s) => extend(s, anchor, next));
    } else {
      keyAnchor.current = null;
    }
    focusDay(next);
  };

  const onDayPointerDown = useCallback(
    (e: PointerEvent<HTMLDivElement>, date: IsoDate) => {
      if (e.button !== 0) return;
      // No text selection while dragging; the focus follows the pointer.
      e.preventDefault();
      e.currentTarget.focus({ preventScroll: true });
      // A touch captures the pointer on the first cell; release it so the drag reaches the others.
      if (e.currentTarget.hasPointerCapture?.(e.pointerId)) {
        e.currentTarget.releasePointerCapture(e.pointerId);
      }
      keyAnchor.current = null;
      setFocused(date);
      apply((s) => pointerDown(s, date));
    },
    [apply],
  );
  const onDayPointerEnter = useCallback(
    (date: IsoDate) => apply((s) => pointerEnter(s, date)),
    [apply],
  );

  // Touch moves do not fire pointerenter on the cells passed over: find the day under the finger.
  const onGridPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    if (!current.current.dragging || typeof document.elementFromPoint !== 'function') return;
    const cell = document.elementFromPoint(e.clientX, e.clientY)?.closest('[data-date]');
    const date = cell?.getAttribute('data-date');
    if (date) apply((s) => pointerEnter(s, date));
  };

  const selected = new Set(value);
  const counts = weekdayCounts(value);
  const todayIso = today();
  const pendingStart = mode === 'range' && !interaction.dragging ? interaction.anchor : null;
  // A month changed by the parent may not hold the focused day: keep one day of it tabbable.
  const tabbable =
    monthOf(focused) === month
      ? focused
      : ([...value, todayIso].find((d) => monthOf(d) === month) ?? `${month}-01`);

  return (
    <Stack gap="xs">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <SegmentedControl
          size="xs"
          aria-label="Selection mode"
          value={mode}
          onChange={(v) => apply((s) => setMode(s, v as SelectionMode))}
          data={[
            { value: 'range', label: 'Range' },
            { value: 'custom', label: 'Custom' },
          ]}
        />
        <Group gap="xs">
          <Button
            size="xs"
            variant="default"
            disabled={value.length === 0}
            onClick={() => setDeselectOpen(true)}
          >
            Deselect days
          </Button>
          <Button
            size="xs"
            variant="subtle"
            disabled={value.length === 0}
            onClick={() => apply((s) => ({ ...s, selected: [], anchor: null }))}
          >
            Clear
          </Button>
        </Group>
      </Group>
      {!hideNavigation && (
        <Group justify="space-between" wrap="nowrap">
          <ActionIcon
            variant="default"
            aria-label="Previous month"
            onClick={() => showMonth(addMonths(month, -1))}
          >
            <IconChevronLeft size={16} aria-hidden />
          </ActionIcon>
          <Text fw={600} aria-live="polite">
            {monthLabel(month)}
          </Text>
          <ActionIcon
            variant="default"
            aria-label="Next month"
            onClick={() => showMonth(addMonths(month, 1))}
          >
            <IconChevronRight size={16} aria-hidden />
          </ActionIcon>
        </Group>
      )}
      <Box
        ref={gridRef}
        role="grid"
        aria-label={`${label}, ${monthLabel(month)}`}
        aria-multiselectable="true"
        onKeyDown={onKeyDown}
        onPointerMove={onGridPointerMove}
        style={{ userSelect: 'none', touchAction: mode === 'range' ? 'none' : 'manipulation' }}
      >
        <div role="row" style={rowStyle}>
          {WEEKDAYS.map((w) => (
            <Text key={w} role="columnheader" aria-label={w} size="xs" fw={600} ta="center" py={4}>
              {w.slice(0, 3)}
            </Text>
          ))}
        </div>
        {monthWeeks(month).map((week, i) => (
          <div role="row" key={week.find(Boolean) ?? i} style={rowStyle}>
            {week.map((date, j) =>
              date ? (
                <Day
                  key={date}
                  date={date}
                  selected={selected.has(date)}
                  anchor={date === interaction.anchor}
                  isToday={date === todayIso}
                  focusable={date === tabbable}
                  label={describeDay(date)}
                  minHeight={cellHeight}
                  renderDay={renderDay}
                  onPointerDown={onDayPointerDown}
                  onPointerEnter={onDayPointerEnter}
                  onFocus={setFocused}
                />
              ) : (
                <div role="gridcell" key={`blank-${j}`} />
              ),
            )}
          </div>
        ))}
      </Box>
      <Text size="sm" aria-live="polite">
        {pendingStart
          ? `Range starts on ${dayLabel(pendingStart)}: choose its last day.`
          : `${countOf(value.length, 'day')} selected`}
      </Text>
      <DeselectDaysModal
        opened={deselectOpen}
        counts={counts}
        onClose={() => setDeselectOpen(false)}
        onDeselect={(weekdays) => {
          apply((s) => deselectWeekdays(s, weekdays));
          setDeselectOpen(false);
        }}
      />
    </Stack>
  );
}

const rowStyle = { display: 'grid', gridTemplateColumns: 'repeat(7, minmax(0, 1fr))', gap: 2 };

/** One day; memoised, so with stable callbacks only the days whose props change re-render. */
const Day = memo(function Day({
  date,
  selected,
  anchor,
  isToday,
  focusable,
  label,
  minHeight,
  renderDay,
  onPointerDown,
  onPointerEnter,
  onFocus,
}: {
  date: IsoDate;
  selected: boolean;
  anchor: boolean;
  isToday: boolean;
  focusable: boolean;
  label: string;
  minHeight: number;
  renderDay?: (date: IsoDate) => ReactNode;
  onPointerDown: (e: PointerEvent<HTMLDivElement>, date: IsoDate) => void;
  onPointerEnter: (date: IsoDate) => void;
  onFocus: (date: IsoDate) => void;
}) {
  return (
    <div
      role="gridcell"
      className="mantine-focus-auto"
      data-date={date}
      aria-selected={selected}
      aria-label={label}
      aria-current={isToday ? 'date' : undefined}
      tabIndex={focusable ? 0 : -1}
      onPointerDown={(e) => onPointerDown(e, date)}
      onPointerEnter={() => onPointerEnter(date)}
      onFocus={() => onFocus(date)}
      style={{
        minHeight,
        padding: 4,
        minWidth: 0,
        cursor: 'pointer',
        textAlign: 'center',
        borderRadius: 'var(--mantine-radius-sm)',
        background: selected ? 'var(--mantine-primary-color-filled)' : undefined,
        color: selected ? 'var(--mantine-color-white)' : undefined,
        outline: anchor ? '2px dashed var(--mantine-color-dark-6)' : undefined,
        outlineOffset: -2,
        fontWeight: isToday ? 700 : undefined,
        textDecoration: isToday ? 'underline' : undefined,
      }}
    >
      {Number(date.slice(8, 10))}
      {renderDay?.(date)}
    </div>
  );
});

/** The 'Deselect days' dialog: Monday to Sunday with their counts; empty weekdays disabled. */
function DeselectDaysModal({
  opened,
  counts,
  onClose,
  onDeselect,
}: {
  opened: boolean;
  counts: number[];
  onClose: () => void;
  onDeselect: (weekdays: number[]) => void;
}) {
  const [chosen, setChosen] = useState<string[]>([]);
  const close = () => {
    setChosen([]);
    onClose();
  };
  return (
    <Modal opened={opened} onClose={close} title="Deselect days">
      <Stack>
        <Checkbox.Group label="Remove every selected date on" value={chosen} onChange={setChosen}>
          <Stack gap="xs" mt="xs">
            {WEEKDAYS.map((w, i) => (
              <Checkbox
                key={w}
                value={String(i)}
                label={`${w} (${counts[i] ?? 0})`}
                disabled={(counts[i] ?? 0) === 0}
              />
            ))}
          </Stack>
        </Checkbox.Group>
        <DialogActions
          onBack={close}
          disabled={chosen.length === 0}
          onAction={() => {
            onDeselect(chosen.map(Number));
            setChosen([]);
          }}
        >
          Deselect
        </DialogActions>
      </Stack>
    </Modal>
  );
}
