import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, makeUser, mockApi, renderWithProviders } from '@/test/render';
import { emptyFilters } from '../rules';
import { rowFixture } from '../fixtures.test-data';
import { LATE_ROW_CLASS, changeColumns, lateRowStyle } from './changes-columns';
import { ChangesGrid } from './changes-grid';

const late = rowFixture({
  instructionId: 502,
  fullName: 'Maya Chen',
  colour: 'red',
  clientStatus: 'cancelled',
  cancelledAt: '2026-11-09T08:00:00Z',
  cancellationReason: 'Client - Placement Not Needed',
  lateCancellation: true,
});

function open() {
  const urls: URL[] = [];
  mockApi({
    'GET /api/v1/account/token': () => jsonResponse({ token: 't' }),
    'GET /api/v1/booking/summary': (r) => {
      urls.push(new URL(r.url));
      return jsonResponse({ items: [rowFixture(), late], total: 2 });
    },
  });
  renderWithProviders(
    <ChangesGrid
      label="Cancelled instructions"
      range={{ startDate: '2026-11-01', endDate: '2026-11-30' }}
      filters={{ ...emptyFilters(), departmentIds: [3] }}
      cancelledOnly
      admin={false}
    />,
    { user: makeUser() },
  );
  return { urls };
}

describe('ChangesGrid', () => {
  it('asks for one server page of cancelled rows and marks a late cancellation red, with a Late badge', async () => {
    const { urls } = open();
    await screen.findByText('Maya Chen');
    const q = urls[0]!.searchParams;
    expect(Object.fromEntries(q)).toMatchObject({
      grouped: 'false',
      cancelledOnly: 'true',
      page: '1',
      pageSize: '20',
      startDate: '2026-11-01',
      departmentIds: '3',
    });
    const lateRow = screen.getByText('Maya Chen').closest('[role="row"]')!;
    const onTime = screen.getByText('Felix Moreau').closest('[role="row"]')!;
    await waitFor(() => expect(lateRow).toHaveClass(LATE_ROW_CLASS));
    expect(onTime).not.toHaveClass(LATE_ROW_CLASS);
    expect(screen.getByText('Late')).toBeInTheDocument();
    expect(screen.getByText('1–2 of 2')).toBeInTheDocument();
  });

  it('styles only late rows', () => {
    expect(lateRowStyle(late)).toEqual(
      expect.objectContaining({ background: expect.stringContaining('red') }),
    );
    expect(lateRowStyle(rowFixture())).toBeUndefined();
  });

  it('names the sell rate by role and shows the buy rate and cancellation to whom it concerns', () => {
    const names = (admin: boolean, cancelled: boolean) =>
      changeColumns(admin, cancelled).map((c) => c.headerName);
    expect(names(true, false)).toContain('Sell Rate');
    expect(names(true, false)).toContain('Buy Rate');
    expect(names(false, false)).toContain('Chargeable Rate');
    expect(names(false, false)).not.toContain('Buy Rate');
    expect(names(false, false)).not.toContain('Cancelled At');
    expect(names(false, true)).toEqual(expect.arrayContaining(['Cancelled At', 'Reason']));
  });
});
