import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ModalsProvider } from '@mantine/modals';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetCsrfToken } from '@/api/client';
import { jsonResponse, mockApi, renderWithProviders } from '@/test/render';
import { errorResponse } from '@/test/server-errors';
import { DocumentsTab, formatSize } from './documents-tab';

const doc = {
  id: 3,
  name: 'cv.pdf',
  contentType: 'application/pdf',
  size: 2048,
  uploadedBy: { id: 7, fullName: 'Ada Lovelace' },
  createdAt: '2026-11-01T10:00:00Z',
};

function render(canChange = true) {
  return renderWithProviders(
    <ModalsProvider>
      <DocumentsTab userId={7} canChange={canChange} />
    </ModalsProvider>,
  );
}

describe('DocumentsTab', () => {
  afterEach(() => {
    resetCsrfToken();
  });

  it('lists documents with a download link and deletes after confirmation', async () => {
    let items = [doc];
    const del = vi.fn(() => {
      items = [];
      return new Response(null, { status: 204 });
    });
    mockApi({
      'GET /api/v1/account/token': () => jsonResponse({ token: 'csrf' }),
      'GET /api/v1/account/7/documents': () => jsonResponse({ items, total: items.length }),
      'DELETE /api/v1/account/7/documents/3': del,
    });
    const user = userEvent.setup();
    render();
    const link = await screen.findByRole('link', { name: 'cv.pdf' });
    expect(link).toHaveAttribute('href', '/api/v1/account/7/documents/3/file');
    expect(screen.getByText('Ada Lovelace')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Delete cv.pdf' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('No documents yet.')).toBeInTheDocument();
    expect(del).toHaveBeenCalledOnce();
    expect(await screen.findByText('The document was deleted.')).toBeInTheDocument();
  });

  it('offers no upload or delete to a reader who may not change them', async () => {
    mockApi({
      'GET /api/v1/account/7/documents': () => jsonResponse({ items: [doc], total: 1 }),
    });
    render(false);
    expect(await screen.findByRole('link', { name: 'cv.pdf' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete cv.pdf' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Upload document' })).toBeNull();
  });

  it('shows an error state with a retry', async () => {
    mockApi({
      'GET /api/v1/account/7/documents': () => errorResponse(403, 'nope', 'A-102'),
    });
    render();
    expect(await screen.findByText('Documents could not be loaded')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('formats sizes', () => {
    expect(formatSize(500)).toBe('500 B');
    expect(formatSize(2048)).toBe('2 KB');
    expect(formatSize(3 * 1024 * 1024)).toBe('3.0 MB');
  });
});
