import { describe, expect, it } from 'vitest';
import {
  activate,
  addMonths,
  dayLabel,
  deselectWeekdays,
  extend,
  initialSelection,
  monthLabel,
  monthWeeks,
  moveFocus,
  pointerDown,
  pointerEnter,
  pointerUp,
  rangeDates,
  setMode,
  shiftMonth,
  toggleDate,
  weekdayCounts,
  weekdayIndex,
} from './rules';

describe('calendar days', () => {
  it('lays a month out Monday first in weeks of seven', () => {
    const weeks = monthWeeks('2026-12');
    // 1 December 2026 is a Tuesday: one blank Monday before it.
    expect(weeks[0]).toEqual([
      null,
      '2026-12-01',
      '2026-12-02',
      '2026-12-03',
      '2026-12-04',
      '2026-12-05',
      '2026-12-06',
    ]);
    expect(weeks.every((w) => w.length === 7)).toBe(true);
    expect(weeks.flat().filter(Boolean)).toHaveLength(31);
    expect(weeks.at(-1)).toEqual([
      '2026-12-28',
      '2026-12-29',
      '2026-12-30',
      '2026-12-31',
      null,
      null,
      null,
    ]);
  });

  it('names days and months for people', () => {
    expect(dayLabel('2026-12-07')).toBe('Monday 7 December 2026');
    expect(monthLabel('2026-12')).toBe('December 2026');
    expect(weekdayIndex('2026-12-13')).toBe(6);
  });

  it('moves across months and years', () => {
    expect(addMonths('2026-12', 1)).toBe('2027-01');
    expect(addMonths('2026-01', -1)).toBe('2025-12');
    expect(shiftMonth('2026-01-31', 1)).toBe('2026-02-28');
  });

  it('counts the days of a range over a clock change once each', () => {
    expect(rangeDates('2026-10-24', '2026-10-27')).toEqual([
      '2026-10-24',
      '2026-10-25',
      '2026-10-26',
      '2026-10-27',
    ]);
    expect(rangeDates('2026-03-30', '2026-03-28')).toEqual([
      '2026-03-28',
      '2026-03-29',
      '2026-03-30',
    ]);
  });

  it('moves the focus with the arrow keys, Home, End and the page keys', () => {
    expect(moveFocus('2026-12-07', 'ArrowRight')).toBe('2026-12-08');
    expect(moveFocus('2026-12-01', 'ArrowLeft')).toBe('2026-11-30');
    expect(moveFocus('2026-12-07', 'ArrowUp')).toBe('2026-11-30');
    expect(moveFocus('2026-12-07', 'ArrowDown')).toBe('2026-12-14');
    expect(moveFocus('2026-12-10', 'Home')).toBe('2026-12-07');
    expect(moveFocus('2026-12-10', 'End')).toBe('2026-12-13');
    expect(moveFocus('2026-12-31', 'PageDown')).toBe('2027-01-31');
    expect(moveFocus('2026-12-10', 'a')).toBeNull();
  });
});

describe('range mode', () => {
  it('selects every day of a drag', () => {
    let s = pointerDown(initialSelection(), '2026-12-03');
    s = pointerEnter(s, '2026-12-05');
    s = pointerEnter(s, '2026-12-06');
    s = pointerUp(s);
    expect(s.selected).toEqual(['2026-12-03', '2026-12-04', '2026-12-05', '2026-12-06']);
    expect(s.anchor).toBeNull();
    expect(s.dragging).toBe(false);
  });

  it('selects from a first click to a second click, in either direction', () => {
    let s = activate(initialSelection(), '2026-12-09');
    expect(s.selected).toEqual(['2026-12-09']);
    expect(s.anchor).toBe('2026-12-09');
    s = activate(s, '2026-12-07');
    expect(s.selected).toEqual(['2026-12-07', '2026-12-08', '2026-12-09']);
    expect(s.anchor).toBeNull();
  });

  it('starts a new range after a finished one', () => {
    let s = activate(activate(initialSelection(), '2026-12-01'), '2026-12-03');
    s = activate(s, '2026-12-20');
    expect(s.selected).toEqual(['2026-12-20']);
  });

  it('ignores pointer moves without a drag', () => {
    const s = initialSelection(['2026-12-01']);
    expect(pointerEnter(s, '2026-12-05')).toBe(s);
  });

  it('extends a range with shift and the arrows', () => {
    let s = initialSelection();
    s = extend(s, '2026-12-07', '2026-12-08');
    s = extend(s, '2026-12-07', '2026-12-14');
    expect(s.selected).toEqual(rangeDates('2026-12-07', '2026-12-14'));
  });

  it('clears the selection when switching to range', () => {
    const s = setMode(initialSelection(['2026-12-01', '2026-12-09'], 'custom'), 'range');
    expect(s.mode).toBe('range');
    expect(s.selected).toEqual([]);
  });
});

describe('custom mode', () => {
  it('toggles single days', () => {
    let s = initialSelection([], 'custom');
    s = activate(s, '2026-12-09');
    s = activate(s, '2026-12-01');
    expect(s.selected).toEqual(['2026-12-01', '2026-12-09']);
    s = activate(s, '2026-12-09');
    expect(s.selected).toEqual(['2026-12-01']);
    expect(toggleDate(['2026-12-01'], '2026-12-01')).toEqual([]);
  });

  it('keeps the selection and stops a drag when switching to custom', () => {
    let s = pointerDown(initialSelection(), '2026-12-03');
    s = pointerEnter(s, '2026-12-04');
    s = setMode(s, 'custom');
    expect(s).toMatchObject({ mode: 'custom', dragging: false, anchor: null });
    expect(s.selected).toEqual(['2026-12-03', '2026-12-04']);
  });

  it('adds the days of a shift run', () => {
    const s = extend(initialSelection(['2026-12-20'], 'custom'), '2026-12-01', '2026-12-02');
    expect(s.selected).toEqual(['2026-12-01', '2026-12-02', '2026-12-20']);
  });
});

describe('deselect days', () => {
  const twoWeeks = rangeDates('2026-12-07', '2026-12-18'); // Monday 7 to Friday 18: one weekend

  it('counts the selected dates per weekday, Monday first', () => {
    expect(weekdayCounts(twoWeeks)).toEqual([2, 2, 2, 2, 2, 1, 1]);
  });

  it('removes the chosen weekdays and switches to custom', () => {
    const s = deselectWeekdays(initialSelection(twoWeeks), [0, 4]);
    expect(s.mode).toBe('custom');
    expect(s.selected).toEqual([
      '2026-12-08',
      '2026-12-09',
      '2026-12-10',
      '2026-12-12',
      '2026-12-13',
      '2026-12-15',
      '2026-12-16',
      '2026-12-17',
    ]);
  });
});
