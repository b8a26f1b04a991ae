import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import type { IsoDate, SelectionMode } from '../rules';
import { MonthCalendar } from './month-calendar';

function Harness({
  initial = [],
  initialMode = 'range',
}: {
  initial?: IsoDate[];
  initialMode?: SelectionMode;
}) {
  const [dates, setDates] = useState<IsoDate[]>(initial);
  const [mode, setMode] = useState<SelectionMode>(initialMode);
  return (
    <>
      <MonthCalendar
        value={dates}
        onChange={setDates}
        mode={mode}
        onModeChange={setMode}
        defaultMonth="2026-12"
      />
      <output aria-label="Chosen">{dates.join(',')}</output>
      <output aria-label="Mode">{mode}</output>
    </>
  );
}

const day = (name: string) => screen.getByRole('gridcell', { name });
const chosen = () => screen.getByLabelText('Chosen').textContent;

function setup(props: Parameters<typeof Harness>[0] = {}) {
  renderWithProviders(<Harness {...props} />);
  return userEvent.setup();
}

describe('MonthCalendar', () => {
  it('shows the month Monday first with named days', async () => {
    setup();
    const grid = await screen.findByRole('grid', { name: 'Dates, December 2026' });
    const headers = within(grid).getAllByRole('columnheader');
    expect(headers.map((h) => h.getAttribute('aria-label'))).toEqual([
      'Monday',
      'Tuesday',
      'Wednesday',
      'Thursday',
      'Friday',
      'Saturday',
      'Sunday',
    ]);
    expect(day('Monday 7 December 2026')).toHaveAttribute('aria-selected', 'false');
  });

  it('selects a range with a click on the first and the last day', async () => {
    const user = setup();
    await user.click(await screen.findByRole('gridcell', { name: 'Monday 7 December 2026' }));
    expect(screen.getByText(/Range starts on Monday 7 December 2026/)).toBeInTheDocument();
    await user.click(day('Wednesday 9 December 2026'));
    expect(chosen()).toBe('2026-12-07,2026-12-08,2026-12-09');
    expect(day('Tuesday 8 December 2026')).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByText('3 days selected')).toBeInTheDocument();
  });

  it('selects every day of a drag', async () => {
    setup();
    fireEvent.pointerDown(
      await screen.findByRole('gridcell', { name: 'Thursday 10 December 2026' }),
      { button: 0 },
    );
    fireEvent.pointerEnter(day('Friday 11 December 2026'));
    fireEvent.pointerEnter(day('Sunday 13 December 2026'));
    fireEvent.pointerUp(window);
    expect(chosen()).toBe('2026-12-10,2026-12-11,2026-12-12,2026-12-13');
  });

  it('toggles days in custom mode; switching back to range clears them', async () => {
    const user = setup();
    await user.click(await screen.findByRole('radio', { name: 'Custom' }));
    await user.click(day('Tuesday 1 December 2026'));
    await user.click(day('Friday 4 December 2026'));
    await user.click(day('Tuesday 1 December 2026'));
    expect(chosen()).toBe('2026-12-04');
    await user.click(screen.getByRole('radio', { name: 'Range' }));
    expect(chosen()).toBe('');
  });

  it('works from the keyboard', async () => {
    const user = setup({ initial: ['2026-12-07'], initialMode: 'custom' });
    const first = await screen.findByRole('gridcell', { name: 'Monday 7 December 2026' });
    expect(first).toHaveAttribute('tabindex', '0');
    first.focus();
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(day('Wednesday 9 December 2026')).toHaveFocus();
    await user.keyboard(' ');
    expect(chosen()).toBe('2026-12-07,2026-12-09');
    await user.keyboard('{Shift>}{ArrowDown}{/Shift}');
    expect(chosen()).toContain('2026-12-16');
    expect(day('Wednesday 16 December 2026')).toHaveFocus();
  });

  it('extends a range with shift and the arrows', async () => {
    const user = setup();
    (await screen.findByRole('gridcell', { name: 'Tuesday 1 December 2026' })).focus();
    await user.keyboard('{Shift>}{ArrowRight}{ArrowRight}{/Shift}');
    expect(chosen()).toBe('2026-12-01,2026-12-02,2026-12-03');
  });

  it('moves between months', async () => {
    const user = setup();
    await user.click(await screen.findByRole('button', { name: 'Next month' }));
    expect(screen.getByRole('grid', { name: 'Dates, January 2027' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Previous month' }));
    await user.click(screen.getByRole('button', { name: 'Previous month' }));
    expect(screen.getByRole('grid', { name: 'Dates, November 2026' })).toBeInTheDocument();
  });

  it('deselects weekdays with the dialog and switches to custom', async () => {
    // Monday 7 to Sunday 13 December, and Monday 14.
    const week = ['07', '08', '09', '10', '11', '12', '13', '14'].map((d) => `2026-12-${d}`);
    const user = setup({ initial: week });
    await user.click(await screen.findByRole('button', { name: 'Deselect days' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deselect days' });
    expect(within(dialog).getByLabelText('Monday (2)')).toBeEnabled();
    await user.click(within(dialog).getByLabelText('Monday (2)'));
    await user.click(within(dialog).getByLabelText('Saturday (1)'));
    await user.click(within(dialog).getByRole('button', { name: 'Deselect' }));
    expect(chosen()).toBe('2026-12-08,2026-12-09,2026-12-10,2026-12-11,2026-12-13');
    expect(screen.getByLabelText('Mode').textContent).toBe('custom');
  });

  it('disables weekdays without selected dates', async () => {
    const user = setup({ initial: ['2026-12-07'] });
    await user.click(await screen.findByRole('button', { name: 'Deselect days' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deselect days' });
    expect(within(dialog).getByLabelText('Tuesday (0)')).toBeDisabled();
    expect(within(dialog).getByLabelText('Monday (1)')).toBeEnabled();
  });

  it('lets the parent own the month, name the days and fill them', async () => {
    const renders: IsoDate[] = [];
    function Controlled() {
      const [month, setMonth] = useState('2026-12');
      const [dates, setDates] = useState<IsoDate[]>([]);
      return (
        <>
          <button type="button" onClick={() => setMonth('2027-01')}>
            Parent next
          </button>
          <MonthCalendar
            value={dates}
            onChange={setDates}
            mode="range"
            onModeChange={() => {}}
            month={month}
            onMonthChange={setMonth}
            hideNavigation
            describeDay={(d) => `Day ${d}`}
            renderDay={renderDay}
          />
        </>
      );
    }
    const renderDay = (d: IsoDate) => {
      renders.push(d);
      return d === '2026-12-24' ? <span>Party</span> : null;
    };
    renderWithProviders(<Controlled />);
    const user = userEvent.setup();
    expect(screen.queryByRole('button', { name: 'Next month' })).not.toBeInTheDocument();
    expect(within(day('Day 2026-12-24')).getByText('Party')).toBeInTheDocument();
    // Memoised days: a click re-renders the day it selects and the one that gives up the roving
    // focus (the 1st), not the whole month.
    renders.length = 0;
    fireEvent.pointerDown(day('Day 2026-12-03'), { button: 0, pointerId: 1 });
    fireEvent.pointerUp(window);
    expect(renders.sort()).toEqual(['2026-12-01', '2026-12-03']);
    await user.click(screen.getByRole('button', { name: 'Parent next' }));
    expect(screen.getByRole('grid', { name: 'Dates, January 2027' })).toBeInTheDocument();
    // The focus can still enter the grid on a day of the month shown.
    expect(day('Day 2027-01-01')).toHaveAttribute('tabindex', '0');
  });
});
