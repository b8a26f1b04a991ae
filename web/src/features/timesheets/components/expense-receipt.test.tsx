import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetCsrfToken } from '@/api/client';
import { jsonResponse, makeUser, mockApi, renderRoutes } from '@/test/render';
import { errorResponse } from '@/test/server-errors';
import { makeTimesheet } from '@/test/timesheets.test-data';
import { Component as Timesheets } from '../routes/timesheets';
import { MSG_RECEIPT_TOO_LARGE, MSG_RECEIPT_UNSAVED, RECEIPT_MAX_BYTES } from '../rules';

const taxi = {
  id: 7,
  description: 'Taxi',
  amountMinor: 1250,
  currency: 'GBP',
  receiptName: '',
  receiptType: '',
  receiptSize: 0,
};
const withReceipt = {
  ...taxi,
  receiptName: 'taxi.pdf',
  receiptType: 'application/pdf',
  receiptSize: 12,
};

function open(
  routes: Parameters<typeof mockApi>[0],
  user = makeUser({ id: 5, isFreelancer: true }),
) {
  mockApi({ 'GET /api/v1/account/token': () => jsonResponse({ token: 'csrf' }), ...routes });
  renderRoutes([{ path: '/timesheets', element: <Timesheets /> }], { path: '/timesheets', user });
}

async function editor() {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Edit' }));
  return { user, dialog: await screen.findByRole('dialog') };
}

const fileInput = (dialog: HTMLElement) =>
  dialog.querySelector<HTMLInputElement>('input[type=file]')!;

describe('expense receipts', () => {
  afterEach(() => resetCsrfToken());

  it('attaches a receipt to a saved expense, then downloads and removes it', async () => {
    const post = vi.fn(() => jsonResponse(makeTimesheet({ expenses: [withReceipt] })));
    const del = vi.fn(() => jsonResponse(makeTimesheet({ expenses: [taxi] })));
    open({
      'GET /api/v1/timesheet': () =>
        jsonResponse({ items: [makeTimesheet({ expenses: [taxi] })], total: 1 }),
      'POST /api/v1/timesheet/1/expense/7/receipt': post,
      'DELETE /api/v1/timesheet/1/expense/7/receipt': del,
    });
    const { user, dialog } = await editor();
    expect(within(dialog).getByText('No receipt.')).toBeVisible();
    await user.upload(
      fileInput(dialog),
      new File(['%PDF-1.4'], 'taxi.pdf', { type: 'application/pdf' }),
    );
    const link = await within(dialog).findByRole('link', { name: 'Receipt: taxi.pdf' });
    expect(link).toHaveAttribute('href', '/api/v1/timesheet/1/expense/7/receipt');
    expect(post).toHaveBeenCalledOnce();
    await user.click(within(dialog).getByRole('button', { name: 'Remove receipt for expense 1' }));
    expect(await within(dialog).findByText('No receipt.')).toBeVisible();
    expect(del).toHaveBeenCalledOnce();
  });

  it("shows the server's refusal and refuses a file too large before sending it", async () => {
    const post = vi.fn(() =>
      errorResponse(
        422,
        'Only PDF, image (JPEG, PNG, WebP, GIF) or Office documents are accepted.',
        'V-422',
      ),
    );
    open({
      'GET /api/v1/timesheet': () =>
        jsonResponse({ items: [makeTimesheet({ expenses: [taxi] })], total: 1 }),
      'POST /api/v1/timesheet/1/expense/7/receipt': post,
    });
    const { user, dialog } = await editor();
    await user.upload(fileInput(dialog), new File(['x'], 'taxi.pdf', { type: 'application/pdf' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(/Only PDF, image/);
    const big = new File(['x'], 'big.pdf', { type: 'application/pdf' });
    Object.defineProperty(big, 'size', { value: RECEIPT_MAX_BYTES + 1 });
    await user.upload(fileInput(dialog), big);
    expect(await within(dialog).findByText(MSG_RECEIPT_TOO_LARGE)).toBeVisible();
    expect(post).toHaveBeenCalledOnce();
  });

  it('asks to save a new expense before attaching its receipt', async () => {
    open({
      'GET /api/v1/timesheet': () =>
        jsonResponse({ items: [makeTimesheet({ expenses: [taxi] })], total: 1 }),
    });
    const { user, dialog } = await editor();
    await user.click(within(dialog).getByRole('button', { name: 'Add expense' }));
    expect(within(dialog).getByText(MSG_RECEIPT_UNSAVED)).toBeVisible();
  });

  it('lets a manager download a receipt from the card, with nothing to change it', async () => {
    open(
      {
        'GET /api/v1/timesheet': () =>
          jsonResponse({
            items: [
              makeTimesheet({
                status: 'submitted',
                expenses: [withReceipt],
                actions: { canEdit: false, canSubmit: false, canApprove: true, canDispute: true },
              }),
            ],
            total: 1,
          }),
      },
      makeUser({ id: 9, needs: ['department_manager'] }),
    );
    const card = await screen.findByRole('article');
    expect(within(card).getByRole('link', { name: 'Receipt: taxi.pdf (Taxi)' })).toHaveAttribute(
      'href',
      '/api/v1/timesheet/1/expense/7/receipt',
    );
    expect(screen.queryByRole('button', { name: /receipt/i })).not.toBeInTheDocument();
  });
});
