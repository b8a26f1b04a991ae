import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, makeUser, mockApi, renderRoutes } from '@/test/render';
import { errorResponse } from '@/test/server-errors';
import { makeInvoice } from '../fixtures.test-data';
import { messages } from '../rules';
import { Component as Invoices } from './invoices';

function open(answer: () => Response, freelancer = true) {
  mockApi({ 'GET /api/v1/invoice': answer });
  renderRoutes([{ path: '/invoices', element: <Invoices /> }], {
    path: '/invoices',
    user: makeUser({ id: 7, isFreelancer: freelancer }),
  });
}

describe('/invoices', () => {
  it('shows a freelancer each invoice with its client, due date and status, overdue marked, and no manager buttons', async () => {
    open(() =>
      jsonResponse({
        items: [
          makeInvoice({ id: 1, number: 'SB5-00002', overdue: true }),
          makeInvoice({ id: 2, number: 'SB5-00001', status: 'paid', paidOn: '2027-04-20' }),
        ],
        total: 2,
        totals: [],
      }),
    );
    const list = await screen.findByRole('list');
    const [overdue, paid] = within(list).getAllByRole('listitem') as [HTMLElement, HTMLElement];
    expect(within(overdue).getByText('Overdue')).toBeTruthy();
    expect(overdue.getAttribute('data-overdue')).toBe('true');
    expect(within(overdue).getByText('From Northbridge Broadcasting PLC')).toBeTruthy();
    expect(within(overdue).getByText(/due .*May 2027/)).toBeTruthy();
    expect(within(paid).getByText('Paid')).toBeTruthy();
    expect(
      within(paid)
        .getByRole('link', { name: 'Download the PDF of SB5-00001' })
        .getAttribute('href'),
    ).toBe('/api/v1/invoice/2/pdf');
    expect(screen.queryByRole('button', { name: 'Mark paid' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Void' })).toBeNull();
  });

  it('offers Mark paid and Void on an invoice the server says the user may change', async () => {
    open(
      () => jsonResponse({ items: [makeInvoice({ canChange: true })], total: 1, totals: [] }),
      false,
    );
    const [card] = (await screen.findAllByRole('listitem')) as [HTMLElement];
    expect(within(card).getByRole('button', { name: 'Mark paid' })).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Void' })).toBeTruthy();
  });

  it('says when there are none', async () => {
    open(() => jsonResponse({ items: [], total: 0, totals: [] }));
    expect(await screen.findByText(messages.none)).toBeTruthy();
  });

  it('shows a failed read with a retry', async () => {
    open(() => errorResponse(500, 'Cannot complete request'));
    expect(await screen.findByText(messages.loadFailed)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
  });
});
