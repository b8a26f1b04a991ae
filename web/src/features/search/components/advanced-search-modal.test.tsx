import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useReducer } from 'react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockApi, renderWithProviders } from '@/test/render';
import { addDays } from '@/features/bookings';
import { initialSearchState, searchReducer, type Filters, type SearchState } from '../rules';
import { AdvancedSearchModal } from './advanced-search-modal';
import { FakeLocation } from './fake-location.test-data';

const todayIso = () => {
  const d = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
};

function open(filters: Partial<Filters> = {}) {
  mockApi({
    'GET /api/v1/account/skill-tags': () =>
      jsonResponse([
        { id: 4, name: 'Steadicam' },
        { id: 5, name: 'Drone' },
      ]),
    'GET /api/v1/account/job-title-tags': () => jsonResponse([{ id: 2, name: 'Camera Operator' }]),
  });
  const states: SearchState[] = [];
  function Harness() {
    const [state, dispatch] = useReducer(searchReducer, {
      ...initialSearchState,
      advanceFilterVisible: true,
      filters: { ...initialSearchState.filters, ...filters },
    });
    states.push(state);
    return (
      <AdvancedSearchModal
        opened={state.advanceFilterVisible}
        filters={state.filters}
        dispatch={dispatch}
        location={FakeLocation}
      />
    );
  }
  renderWithProviders(<Harness />);
  const dialog = screen.getByRole('dialog', { name: 'Freelancer Advanced Search' });
  return { dialog, last: () => states[states.length - 1]!, user: userEvent.setup() };
}

const submit = (dialog: HTMLElement) => within(dialog).getByRole('button', { name: 'Submit' });

describe('the Freelancer Advanced Search modal (spec part 1 §2 and §5)', () => {
  it('has every field and says that every chosen skill and job title must match', () => {
    const { dialog } = open();
    for (const label of [
      'Currency',
      'From',
      'To',
      'Skills',
      'Job Titles',
      'Country',
      'Location',
      'Radius',
      'Business Type',
    ]) {
      expect(within(dialog).getAllByLabelText(label).length).toBeGreaterThan(0);
    }
    expect(within(dialog).getByRole('checkbox', { name: /Date Range/ })).not.toBeChecked();
    expect(
      within(dialog).getByText('Every chosen skill and job title must match.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('group', { name: 'Skills and Job Titles' })).toHaveTextContent(
      'Every chosen skill and job title must match.',
    );
  });

  it('offers the rate currencies USD, EUR and GBP', async () => {
    const { dialog, user } = open();
    await user.click(within(dialog).getByRole('combobox', { name: 'Currency' }));
    const options = screen.getAllByRole('option').map((o) => o.textContent);
    expect(options).toEqual(['USD', 'EUR', 'GBP']);
  });

  it('offers the business types with their legal-form labels', async () => {
    const { dialog, user } = open();
    await user.click(within(dialog).getByRole('combobox', { name: 'Business Type' }));
    const options = screen.getAllByRole('option').map((o) => o.textContent);
    expect(options).toEqual(['UK Ltd.', 'UK Sole Trader', 'UK PLC', 'UK LLP', 'UK Ultd.']);
  });

  it('Submit is disabled with no filter; a skill enables it and Submit applies it', async () => {
    const { dialog, user, last } = open();
    expect(submit(dialog)).toBeDisabled();
    await user.click(within(dialog).getByRole('combobox', { name: 'Skills' }));
    await user.click(await screen.findByRole('option', { name: 'Steadicam' }));
    expect(submit(dialog)).toBeEnabled();
    await user.click(submit(dialog));
    expect(last().applied?.skills).toEqual(['4']);
    expect(last()).toMatchObject({ resultPageVisible: true, advanceFilterVisible: false });
  });

  it('shows each end of the rate range and sets the one typed in', async () => {
    const { dialog, user, last } = open({ minRate: 100 });
    const from = within(dialog).getByRole('textbox', { name: 'From' });
    expect(from).toHaveValue('100');
    expect(within(dialog).getByRole('textbox', { name: 'To' })).toHaveValue('');
    await user.type(from, '5');
    expect(last().filters).toMatchObject({ minRate: 1005, maxRate: null });
  });

  it('a rate of 0 is no filter', async () => {
    const { dialog, user, last } = open();
    await user.type(within(dialog).getByRole('textbox', { name: 'To' }), '450');
    expect(last().filters.maxRate).toBe(450);
    expect(submit(dialog)).toBeEnabled();
    await user.clear(within(dialog).getByRole('textbox', { name: 'To' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'To' }), '0');
    expect(last().filters.maxRate).toBeNull();
    expect(submit(dialog)).toBeDisabled();
  });

  it('the radius waits for a location, and clearing the location clears the radius', async () => {
    const { dialog, user, last } = open();
    const radius = within(dialog).getByRole('combobox', { name: 'Radius' });
    expect(radius).toBeDisabled();
    await user.type(within(dialog).getByRole('textbox', { name: 'Location' }), 'Salford');
    expect(radius).toBeEnabled();
    await user.click(radius);
    const options = screen.getAllByRole('option').map((o) => o.textContent);
    expect(options).toEqual(['10 miles', '25 miles', '50 miles', '100 miles', 'Over 100 miles']);
    await user.click(screen.getByRole('option', { name: '25 miles' }));
    expect(last().filters.radius).toBe(25);
    await user.clear(within(dialog).getByRole('textbox', { name: 'Location' }));
    expect(last().filters.radius).toBe(0);
    expect(last().filters.location.location_name).toBe('');
  });

  it('Submit is disabled with Date Range ticked and a date missing', async () => {
    const { dialog, user } = open({ skills: ['4'] });
    expect(submit(dialog)).toBeEnabled();
    await user.click(within(dialog).getByRole('checkbox', { name: /Date Range/ }));
    expect(within(dialog).getByText('Start Date')).toBeInTheDocument();
    expect(within(dialog).getByText('End Date')).toBeInTheDocument();
    expect(submit(dialog)).toBeDisabled();
  });

  it('Submit is enabled with both dates', () => {
    const start = addDays(todayIso(), 2);
    const { dialog } = open({ addRange: true, startDate: start, endDate: addDays(start, 4) });
    expect(submit(dialog)).toBeEnabled();
  });

  it("over 31 days: 'Enter Valid Date' / 'Date range cannot exceed 31 days.' and no search", async () => {
    const start = addDays(todayIso(), 1);
    const { dialog, user, last } = open({
      addRange: true,
      startDate: start,
      endDate: addDays(start, 40),
    });
    await user.click(submit(dialog));
    expect(await screen.findByText('Enter Valid Date')).toBeInTheDocument();
    expect(screen.getByText('Date range cannot exceed 31 days.')).toBeInTheDocument();
    expect(last().applied).toBeNull();
    expect(last().advanceFilterVisible).toBe(true);
  });

  it('Reset clears the filters and closes the modal', async () => {
    const { dialog, user, last } = open({ skills: ['4'], countries: ['GB'], minRate: 100 });
    await user.click(within(dialog).getByRole('button', { name: 'Reset' }));
    expect(last().filters).toEqual(initialSearchState.filters);
    await waitFor(() =>
      expect(
        screen.queryByRole('dialog', { name: 'Freelancer Advanced Search' }),
      ).not.toBeInTheDocument(),
    );
  });
});
