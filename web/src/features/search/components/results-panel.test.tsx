import type { UseQueryResult } from '@tanstack/react-query';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/api/errors';
import { renderRoutes } from '@/test/render';
import type { SearchResult } from '../api/search';
import { freelancer, results as fixture } from '../fixtures.test-data';
import type { SortKey } from '../rules';
import { ResultsPanel } from './results-panel';

const answered = (data: SearchResult[]) =>
  ({ data, isPending: false, isError: false, fetchStatus: 'idle' }) as UseQueryResult<
    SearchResult[]
  >;

function open({
  data = fixture,
  query = 'cam' as string | null,
  results = answered(data),
  tooShort = false,
} = {}) {
  const onBook = vi.fn();
  const onClose = vi.fn();
  const onSortBy = vi.fn();
  function Harness() {
    const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
    const [sortBy, setSortBy] = useState<SortKey | null>(null);
    return (
      <ResultsPanel
        results={results}
        tooShort={tooShort}
        query={query}
        sortBy={sortBy}
        onSortBy={(v) => {
          onSortBy(v);
          setSortBy(v);
        }}
        selected={selected}
        onSelect={setSelected}
        onBook={onBook}
        onClose={onClose}
      />
    );
  }
  const rendered = renderRoutes([
    { path: '/', element: <Harness /> },
    { path: '*', element: <p>Elsewhere</p> },
  ]);
  const panel = screen.getByRole('region', { name: 'Search results' });
  return { ...rendered, panel, onBook, onClose, onSortBy, user: userEvent.setup() };
}

describe('the results panel', () => {
  it("says '{n} result(s) for' the quoted query, counting only the shown results", () => {
    const { panel } = open();
    // 9 results, one of them an unavailable freelancer.
    expect(within(panel).getByRole('heading')).toHaveTextContent('8 result(s) for “cam”');
  });

  it("says 'Freelancer Advanced Search' for an advanced search", () => {
    const { panel } = open({ query: null, data: [freelancer(1)] });
    expect(within(panel).getByRole('heading')).toHaveTextContent(
      '1 result(s) for Freelancer Advanced Search',
    );
  });

  it('has a tab per source with counts, users split into Freelancer and Staff', () => {
    const { panel } = open();
    const tabs = within(panel)
      .getAllByRole('tab')
      .map((t) => t.textContent);
    expect(tabs).toEqual([
      'Freelancer (2)',
      'Staff (1)',
      'Bookings (1)',
      'Legal Entities (1)',
      'Entities (1)',
      'Departments (1)',
      'Jobs (1)',
    ]);
    expect(within(panel).getByRole('tab', { name: 'Freelancer (2)' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
  });

  it('Select All / Deselect All, Selected: n / total, and Book only with a selection', async () => {
    const { panel, user, onBook } = open();
    const book = within(panel).getByRole('button', { name: 'Book' });
    expect(book).toBeDisabled();
    expect(within(panel).getByText('Selected: 0 / 2')).toBeInTheDocument();

    await user.click(within(panel).getByRole('checkbox', { name: 'Select Free12 Lancer' }));
    expect(within(panel).getByText('Selected: 1 / 2')).toBeInTheDocument();
    expect(book).toBeEnabled();

    await user.click(within(panel).getByRole('button', { name: 'Select All' }));
    expect(within(panel).getByText('Selected: 2 / 2')).toBeInTheDocument();
    await user.click(book);
    expect(onBook).toHaveBeenCalledWith([11, 12]);

    await user.click(within(panel).getByRole('button', { name: 'Deselect All' }));
    expect(within(panel).getByText('Selected: 0 / 2')).toBeInTheDocument();
    expect(book).toBeDisabled();
  });

  it('freelancer cards: checkbox, photo, at most 5 entities, 5 departments and 3 job titles, no email', () => {
    const { panel } = open();
    const card = within(panel).getByRole('article', { name: 'Free12 Lancer' });
    expect(within(card).getByRole('checkbox')).toBeInTheDocument();
    expect(within(card).getByText('Preferred')).toBeInTheDocument();
    expect(within(card).getByLabelText('Job titles').textContent).toBe(
      'Camera OperatorSteadicam OperatorGrip',
    );
    expect(card).toHaveTextContent('Entities: Entity 1, Entity 2, Entity 3, Entity 4, Entity 5');
    expect(card).not.toHaveTextContent('Entity 6');
    expect(card).toHaveTextContent('Departments: Dept 1, Dept 2, Dept 3, Dept 4, Dept 5');
    expect(card).not.toHaveTextContent('Dept 6');
    expect(card).toHaveTextContent('Day rate: 400.00 GBP / day');
    expect(card).toHaveTextContent('Business type: UK Sole Trader');
    // An email is never shown on a freelancer's card, even if one arrived.
    expect(card).not.toHaveTextContent('leak@hive.test');
    expect(within(card).getByRole('link', { name: 'View User' })).toHaveAttribute(
      'href',
      '/users/12/edit',
    );
  });

  it('staff cards show the email', async () => {
    const { panel, user } = open();
    await user.click(within(panel).getByRole('tab', { name: 'Staff (1)' }));
    const card = within(panel).getByRole('article', { name: 'Sam Staff' });
    expect(card).toHaveTextContent('Email: sam@hive.test');
    expect(within(card).queryByRole('checkbox')).not.toBeInTheDocument();
  });

  it.each([
    [
      'Bookings (1)',
      'Cup Final',
      'View Booking',
      '/bookings/70/edit',
      [
        'Reference: BK-0070',
        'Client: Northbridge Broadcasting',
        'Department: Sport',
        'Legacy booking ID: L-70',
      ],
    ],
    [
      'Jobs (1)',
      'Match Day Crew',
      'View Job',
      '/job-templates/80/edit',
      ['Reference: JOB-80', 'Agent: Agent A', 'Division/Team: Live', 'Function: Camera'],
    ],
    [
      'Departments (1)',
      'Sport',
      'View Department',
      '/departments/90/edit',
      ['Client: Northbridge'],
    ],
    [
      'Entities (1)',
      'Northbridge Broadcasting',
      'View Entity',
      '/entities/91/edit',
      ['Type: Client'],
    ],
    ['Legal Entities (1)', 'Crew Co Ltd', 'View LE', '/legal-entities/92/edit', ['Type: UK Ltd.']],
  ])('the %s tab: card fields and its View link', async (tab, title, view, href, facts) => {
    const { panel, user, onClose } = open();
    await user.click(within(panel).getByRole('tab', { name: tab }));
    const card = within(panel).getByRole('article', { name: title });
    for (const fact of facts) expect(card).toHaveTextContent(fact);
    const link = within(card).getByRole('link', { name: view });
    expect(link).toHaveAttribute('href', href);
    await user.click(link);
    expect(onClose).toHaveBeenCalled();
  });

  it('Order By offers Business Type, Price and Preferred', async () => {
    const { panel, user, onSortBy } = open();
    await user.click(within(panel).getByRole('combobox', { name: 'Order By' }));
    const options = within(panel)
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(options).toEqual(['Business Type', 'Price', 'Preferred']);
    await user.click(within(panel).getByRole('option', { name: 'Price' }));
    expect(onSortBy).toHaveBeenCalledWith('price');
  });

  it('says when nothing matches', () => {
    const { panel } = open({ data: [] });
    expect(within(panel).getByText('Nothing matches this search.')).toBeInTheDocument();
    expect(within(panel).getByRole('heading')).toHaveTextContent('0 result(s) for “cam”');
  });

  it('says how long a query must be', () => {
    const { panel } = open({ tooShort: true, query: 'ca' });
    expect(within(panel).getByText('Type at least 3 characters to search.')).toBeInTheDocument();
  });

  it('shows loading', () => {
    const { panel } = open({
      results: { isPending: true, isError: false, fetchStatus: 'fetching' } as UseQueryResult<
        SearchResult[]
      >,
    });
    expect(within(panel).getByLabelText('Searching')).toBeInTheDocument();
  });

  it("a refused search shows the server's reasons", () => {
    const error = new ApiError(422, 'V-422', 'validation failed', [
      {
        loc: ['body', 'data', 'radius'],
        msg: 'Choose a location to search within a radius.',
        type: '',
      },
    ]);
    const { panel } = open({
      results: {
        isPending: false,
        isError: true,
        error,
        fetchStatus: 'idle',
        refetch: vi.fn(),
      } as unknown as UseQueryResult<SearchResult[]>,
    });
    expect(within(panel).getByRole('alert')).toHaveTextContent(
      'Choose a location to search within a radius.',
    );
    expect(within(panel).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('Escape and the close button close it', async () => {
    const { panel, user, onClose } = open();
    await user.click(within(panel).getByRole('button', { name: 'Close search' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    within(panel).getByRole('button', { name: 'Select All' }).focus();
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(2);
  });
});
