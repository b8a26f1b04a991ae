import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, makeUser, mockApi, renderRoutes } from '@/test/render';
import { errorResponse } from '@/test/server-errors';
import { makeDocument } from '../fixtures.test-data';
import { Component as DocumentSigning, NO_DOCUMENTS } from './document-signing';

function open(answer: () => Response) {
  mockApi({ 'GET /api/v1/document-signing': answer });
  renderRoutes([{ path: '/document-signing', element: <DocumentSigning /> }], {
    path: '/document-signing',
    user: makeUser({ id: 7, isFreelancer: true }),
  });
}

describe('/document-signing', () => {
  it("lists the user's documents with their status, due date and a Sign link", async () => {
    open(() =>
      jsonResponse({
        items: [
          makeDocument({ id: 1, status: 'urgent', title: 'NDA', dueDate: '2026-11-26' }),
          makeDocument({ id: 2 }),
          makeDocument({ id: 3, status: 'completed', title: 'Tax form' }),
        ],
      }),
    );
    const list = await screen.findByRole('list');
    const cards = within(list).getAllByRole('listitem');
    expect(cards).toHaveLength(3);
    expect(within(cards[0]!).getByText('Urgent')).toBeVisible();
    expect(within(cards[0]!).getByText(/Due Thu, 26 Nov 2026/)).toBeVisible();
    expect(within(cards[1]!).getByText('Pending')).toBeVisible();
    expect(within(cards[1]!).getByText('Sign before the shoot.')).toBeVisible();
    expect(within(cards[1]!).getByText(/asked by Dana Manager/)).toBeVisible();
    const sign = within(cards[1]!).getByRole('link', { name: /^Sign Location release/ });
    expect(sign).toHaveAttribute('href', 'https://docs.example.com/release.pdf');
    expect(sign).toHaveAttribute('target', '_blank');
    expect(sign).toHaveAttribute('rel', expect.stringContaining('noopener'));
    // A signed document has nothing left to sign.
    expect(within(cards[2]!).getByText('Completed')).toBeVisible();
    expect(within(cards[2]!).queryByRole('link', { name: /^Sign/ })).not.toBeInTheDocument();
    expect(within(cards[2]!).getByRole('link', { name: /^View Tax form/ })).toBeVisible();
  });

  it('says when there is nothing to sign', async () => {
    open(() => jsonResponse({ items: [] }));
    expect(await screen.findByText(NO_DOCUMENTS)).toBeVisible();
  });

  it('shows loading, then an error with Try again', async () => {
    let fail = true;
    open(() =>
      fail ? errorResponse(500, 'Internal error', 'S-500') : jsonResponse({ items: [] }),
    );
    expect(screen.getByText('Loading your documents...')).toBeVisible();
    expect(await screen.findByText('Your documents could not be loaded.')).toBeVisible();
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(NO_DOCUMENTS)).toBeVisible();
  });
});
