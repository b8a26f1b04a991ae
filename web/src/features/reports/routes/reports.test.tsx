import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CurrentUser } from '@/api/types';
import { jsonResponse, makeUser, mockApi, renderRoutes } from '@/test/render';
import { errorResponse } from '@/test/server-errors';
import { defaultRange } from '../rules';
import { ReportsRoute } from './reports';

const admin = makeUser({ canAdmin: true, needs: ['admin'] });
const clientManager = makeUser({ needs: ['client_manager', 'department_manager', 'staff'] });
const departmentManager = makeUser({ needs: ['department_manager', 'manage_department:3'] });

/** The page for user; report answers POST /administration/report (its bodies are recorded). */
function open(user: CurrentUser, report: (body: unknown) => Response) {
  const sent: unknown[] = [];
  mockApi({
    'POST /api/v1/administration/report': async (r) => {
      const body: unknown = await r.json();
      sent.push(body);
      return report(body);
    },
  });
  renderRoutes([{ path: '/', element: <ReportsRoute /> }], { user });
  return { sent };
}

const exportButtons = () => screen.queryAllByRole('button', { name: /^Export .* as CSV$/ });

/** A CSV answer whose body the test writes chunk by chunk. */
function streamedCsv() {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
  const response = new Response(body, {
    status: 200,
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': 'attachment; filename="2026-11-01-2026-11-25-bookings.csv"',
    },
  });
  const bytes = (s: string) => new TextEncoder().encode(s);
  return {
    response,
    send: (s: string) => controller.enqueue(bytes(s)),
    end: () => controller.close(),
  };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('ReportsRoute', () => {
  it('shows an administrator every export card', () => {
    open(admin, () => jsonResponse({}));
    expect(exportButtons().map((b) => b.getAttribute('aria-label'))).toEqual([
      'Export Financial Metrics as CSV',
      'Export Bookings as CSV',
      'Export Agency as CSV',
      'Export Entities as CSV',
      'Export Users as CSV',
      'Export Job Templates as CSV',
    ]);
  });

  it('shows a client manager the Financial Metrics card only, and others none', () => {
    open(clientManager, () => jsonResponse({}));
    expect(exportButtons().map((b) => b.getAttribute('aria-label'))).toEqual([
      'Export Financial Metrics as CSV',
    ]);
  });

  it('shows a department manager no card at all', () => {
    open(departmentManager, () => jsonResponse({}));
    expect(exportButtons()).toEqual([]);
    expect(screen.getByText(/Reports are for administrators/)).toBeInTheDocument();
  });

  it('exports this month up to today with the filters, showing progress, and saves the file', async () => {
    const user = userEvent.setup();
    const csv = streamedCsv();
    const { sent } = open(admin, () => csv.response);
    const saved: string[] = [];
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:report');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push(this.download);
    });

    await user.click(screen.getByRole('button', { name: 'Export Bookings as CSV' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      reportType: 'bookings',
      reportFormat: 'csv',
      ...defaultRange(new Date()),
      clientIds: [],
      departmentIds: [],
      jobIds: [],
      userIds: [],
    });

    // While the file streams in, the card shows its progress and the others wait.
    const card = screen.getByRole('region', { name: 'Bookings' });
    expect(await within(card).findByRole('status')).toHaveTextContent('Exporting... preparing');
    csv.send('\ufeffBooking ID\r\n');
    expect(await within(card).findByText(/bytes received/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export Users as CSV' })).toBeDisabled();

    csv.send('1\r\n');
    csv.end();
    await waitFor(() => expect(saved).toEqual(['2026-11-01-2026-11-25-bookings.csv']));
    await waitFor(() => expect(within(card).queryByRole('status')).toBeNull());
    expect(screen.getByRole('button', { name: 'Export Users as CSV' })).toBeEnabled();
  });

  it('shows the generic error toast when an export fails', async () => {
    const user = userEvent.setup();
    open(admin, () => errorResponse(500, 'Cannot complete request', 'S-500'));
    await user.click(screen.getByRole('button', { name: 'Export Agency as CSV' }));
    expect(await screen.findByText('Error Code S-500')).toBeInTheDocument();
    expect(screen.getByText('Cannot complete request')).toBeInTheDocument();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it("shows a refusal the same way, with the server's code and words", async () => {
    const user = userEvent.setup();
    open(clientManager, () => errorResponse(404, 'Record not found', 'N-404'));
    await user.click(screen.getByRole('button', { name: 'Export Financial Metrics as CSV' }));
    expect(await screen.findByText('Error Code N-404')).toBeInTheDocument();
    expect(screen.getByText('Record not found')).toBeInTheDocument();
  });
});
