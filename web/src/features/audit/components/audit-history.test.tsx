import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, makeUser, mockApi, renderRoutes, renderWithProviders } from '@/test/render';
import { errorResponse } from '@/test/server-errors';
import { AuditRoute } from '../routes/audit';
import type { HistoryEntry } from '../rules';
import { AuditButton } from './audit-button';

const base = {
  hiveUserId: 5,
  hiveImpersonatorUserId: null,
  hiveUserName: 'Felix Reid',
  hiveTxId: 'abc123',
  hiveIsAdmin: false,
  hiveRole: 'freelancer',
  createdAt: '2026-11-24T10:15:30Z',
};

const accepted: HistoryEntry = {
  ...base,
  id: 12,
  hiveAction: 'UPDATE',
  hiveSource: 'instruction',
  recordId: 4,
  recordName: 'Felix Reid, Shift 1, 2027-03-10',
  version: 2,
  row: { supplierStatus: 'accepted', version: 2 },
  previous: { supplierStatus: 'awaiting_response', placementId: 1, userId: 5 },
};

const offered: HistoryEntry = {
  ...base,
  id: 11,
  hiveAction: 'INSERT',
  hiveSource: 'instruction',
  recordId: 4,
  recordName: 'Felix Reid, Shift 1, 2027-03-10',
  version: 1,
  hiveUserId: 2,
  hiveUserName: 'Ada Admin',
  hiveImpersonatorUserId: 1,
  hiveIsAdmin: true,
  hiveRole: 'admin',
  row: { supplierStatus: 'awaiting_response', placementId: 1, userId: 5 },
  previous: null,
};

const names = {
  placementId: { '1': 'Shift 1, 2027-03-10' },
  userId: { '5': 'Felix Reid' },
  hiveImpersonatorUserId: { '1': 'Root Admin' },
};

function renderAudit(path = '/bookings/3/audit') {
  return renderRoutes([{ path: '/:kind/:id/audit', element: <AuditRoute /> }], { path });
}

describe('AuditRoute', () => {
  it('shows every audit field newest first and the diff with names', async () => {
    const fetch = mockApi({
      'GET /api/v1/history/booking/3': () =>
        jsonResponse({ items: [accepted, offered], total: 2, names }),
    });
    const user = userEvent.setup();
    renderAudit();
    expect(screen.getByRole('heading', { name: 'Audit history: booking 3' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Audit history of this booking' });
    const [, newest, oldest] = within(table).getAllByRole('row') as [
      HTMLElement,
      HTMLElement,
      HTMLElement,
    ];
    expect(within(newest).getByText('UPDATE')).toBeInTheDocument();
    expect(within(newest).getByText('Felix Reid (#5)')).toBeInTheDocument();
    expect(within(newest).getByText('abc123')).toBeInTheDocument();
    expect(within(oldest).getByText('Root Admin (#1)')).toBeInTheDocument();
    expect(within(oldest).getByText('admin')).toBeInTheDocument();
    expect(screen.getByText('2 entries')).toBeInTheDocument();
    const asked = fetch.mock.calls[0]?.[0] as Request;
    expect(new URL(asked.url).searchParams.get('pageSize')).toBe('20');

    await user.click(
      within(oldest).getByRole('button', { name: 'Show changes of Instruction 4 version 1' }),
    );
    const first = await screen.findByRole('table', { name: 'Changes in Instruction 4 version 1' });
    expect(within(first).getByRole('rowheader', { name: 'Placement id' })).toBeInTheDocument();
    expect(within(first).getByText('Shift 1, 2027-03-10')).toBeInTheDocument();
    expect(within(first).getByText('Felix Reid')).toBeInTheDocument();

    await user.click(
      within(newest).getByRole('button', { name: 'Show changes of Instruction 4 version 2' }),
    );
    const second = await screen.findByRole('table', { name: 'Changes in Instruction 4 version 2' });
    const change = within(second).getByRole('row', { name: /Supplier status/ });
    expect(change).toHaveTextContent('awaiting_response');
    expect(change).toHaveTextContent('accepted');
    expect(within(second).queryByText('Version')).not.toBeInTheDocument();
  });

  it('asks for the page size chosen, from 5 to 100', async () => {
    const sizes: string[] = [];
    mockApi({
      'GET /api/v1/history/user/7': (req) => {
        sizes.push(new URL(req.url).searchParams.get('pageSize') ?? '');
        return jsonResponse({ items: [offered], total: 1, names });
      },
    });
    const user = userEvent.setup();
    renderAudit('/users/7/audit');
    await screen.findByRole('table', { name: 'Audit history of this user' });
    await user.click(screen.getByRole('combobox', { name: 'Rows per page' }));
    const options = screen.getAllByRole('option').map((o) => o.textContent);
    expect(options).toEqual(['5', '10', '20', '50', '100']);
    await user.click(screen.getByRole('option', { name: '5' }));
    await vi.waitFor(() => expect(sizes).toContain('5'));
  });

  it("shows the server's refusal", async () => {
    mockApi({
      'GET /api/v1/history/entity/9': () =>
        errorResponse(403, 'You do not have permission to do that.', 'A-102'),
    });
    renderAudit('/entities/9/audit');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'You do not have permission to do that.',
    );
  });

  it('says when nothing was recorded', async () => {
    mockApi({
      'GET /api/v1/history/legal-entity/2': () => jsonResponse({ items: [], total: 0, names: {} }),
    });
    renderAudit('/legal-entities/2/audit');
    expect(
      await screen.findByText('No history has been recorded for this legal entity yet.'),
    ).toBeInTheDocument();
  });

  it('has no page for another kind of record', () => {
    renderAudit('/departments/2/audit');
    expect(screen.getByText('There is no audit history at this address.')).toBeInTheDocument();
  });
});

describe('AuditButton', () => {
  it('is offered to administrators only', () => {
    const { unmount } = renderWithProviders(<AuditButton kind="bookings" id={3} />, {
      user: makeUser({ canAdmin: true, needs: ['admin'] }),
    });
    expect(screen.getByRole('link', { name: 'Audit' })).toHaveAttribute(
      'href',
      '/bookings/3/audit',
    );
    unmount();
    renderWithProviders(<AuditButton kind="bookings" id={3} />, {
      user: makeUser({ needs: ['department_manager', 'manage_department:1'] }),
    });
    expect(screen.queryByRole('link', { name: 'Audit' })).not.toBeInTheDocument();
  });
});
