import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { schedulerMessages, schedulerToasts } from '@/lib/errors/catalogue';
import { jsonResponse, mockApi, renderWithProviders } from '@/test/render';
import { emptyFilters, type FilterSet } from '../rules';
import { FilterPanel } from './filter-panel';
import { visibleTags } from './tag-picker';

const saved = {
  id: 7,
  description: 'Sport, red',
  query: {
    clientIds: null,
    departmentIds: [3],
    userIds: null,
    placementStatuses: ['red'],
    jobTemplateIds: null,
  },
};

function open(filters: FilterSet = emptyFilters()) {
  const calls: { method: string; path: string; body?: unknown }[] = [];
  const record = async (r: Request) => {
    const body = r.method === 'POST' ? await r.json() : undefined;
    calls.push({ method: r.method, path: new URL(r.url).pathname, body });
  };
  mockApi({
    'GET /api/v1/account/token': () => jsonResponse({ token: 't' }),
    'GET /api/v1/booking/bookmark': () => jsonResponse({ items: [saved] }),
    'POST /api/v1/booking/bookmark': async (r) => {
      await record(r);
      const body = calls.at(-1)!.body as { description: string; query: unknown };
      return jsonResponse({ id: 8, description: body.description, query: body.query });
    },
    'DELETE /api/v1/booking/7/bookmark': async (r) => {
      await record(r);
      return new Response(null, { status: 204 });
    },
    'GET /api/v1/department': () =>
      jsonResponse({
        items: [{ id: 3, name: 'Sport', client: { name: 'Northbridge' } }],
        total: 1,
      }),
  });
  const onChange = vi.fn();
  renderWithProviders(<FilterPanel filters={filters} onChange={onChange} />);
  return { calls, onChange };
}

describe('FilterPanel bookmarks', () => {
  it('warns "No bookmark selected" when deleting with none chosen', async () => {
    const user = userEvent.setup();
    const { calls } = open();
    await user.click(screen.getByRole('button', { name: 'Delete Selected' }));
    expect(await screen.findByText(schedulerMessages.noBookmarkSelected)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('requires a description, then saves the current filters with it', async () => {
    const user = userEvent.setup();
    const filters = {
      ...emptyFilters(),
      departmentIds: [3],
      placementStatuses: ['orange' as const],
    };
    const { calls } = open(filters);
    await user.click(screen.getByRole('button', { name: 'Add Bookmark' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Bookmark' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByText(schedulerMessages.descriptionRequired),
    ).toBeInTheDocument();
    expect(calls).toEqual([]);
    await user.type(within(dialog).getByRole('textbox', { name: /Description/ }), '  Sport late  ');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toEqual({
      method: 'POST',
      path: '/api/v1/booking/bookmark',
      body: { description: 'Sport late', query: filters },
    });
    expect(await screen.findByText('Saved the filters as Sport late.')).toBeInTheDocument();
    // Spec §9: the bookmark toast stays 3000 ms.
    expect(schedulerToasts.bookmarkSaved('x').autoClose).toBe(3000);
  });

  it('applies a chosen bookmark, and deletes it after confirmation', async () => {
    const user = userEvent.setup();
    const { calls, onChange } = open();
    await user.click(await screen.findByRole('combobox', { name: 'Bookmark' }));
    await user.click(await screen.findByRole('option', { name: 'Sport, red' }));
    expect(onChange).toHaveBeenCalledWith({
      ...emptyFilters(),
      departmentIds: [3],
      placementStatuses: ['red'],
    });
    // Choosing the chosen bookmark again applies it again (the filters may have changed since).
    onChange.mockClear();
    await user.click(await screen.findByRole('combobox', { name: 'Bookmark' }));
    await user.click(await screen.findByRole('option', { name: 'Sport, red' }));
    expect(onChange).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Delete Selected' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete bookmark' });
    expect(within(dialog).getByText('Delete the bookmark Sport, red?')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(calls).toEqual([{ method: 'DELETE', path: '/api/v1/booking/7/bookmark' }]),
    );
    expect(await screen.findByText('The bookmark was deleted.')).toBeInTheDocument();
  });
});

describe('filter pickers', () => {
  it('show at most three tags, then "and k more"', async () => {
    expect(visibleTags(['a', 'b'])).toEqual({ shown: ['a', 'b'], more: 0 });
    expect(visibleTags(['a', 'b', 'c', 'd', 'e'])).toEqual({ shown: ['a', 'b', 'c'], more: 2 });
    open({ ...emptyFilters(), placementStatuses: ['red', 'orange', 'purple', 'green'] });
    const status = screen
      .getByRole('textbox', { name: 'Status' })
      .closest('.mantine-PillsInput-input')!;
    expect(within(status as HTMLElement).getByText(/^Red/)).toBeInTheDocument();
    expect(within(status as HTMLElement).queryByText(/^Green/)).not.toBeInTheDocument();
    expect(within(status as HTMLElement).getByText('and 1 more')).toBeInTheDocument();
  });

  it('changes the status filter from the picker', async () => {
    const user = userEvent.setup();
    const { onChange } = open();
    await user.click(screen.getByRole('textbox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: /Purple/ }));
    expect(onChange).toHaveBeenCalledWith({ ...emptyFilters(), placementStatuses: ['purple'] });
  });
});
