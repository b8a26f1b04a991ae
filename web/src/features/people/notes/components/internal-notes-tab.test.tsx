import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { CurrentUserProvider } from '@/lib/current-user';
import { jsonResponse, makeUser, mockApi, renderWithProviders } from '@/test/render';
import { errorResponse } from '@/test/server-errors';
import { InternalNotesTab } from './internal-notes-tab';

const note = {
  id: 7,
  freelancer_id: 9,
  user_id: 2,
  entity_id: 3,
  title: 'Great on multicam',
  description: 'Booked twice, reliable.',
  created_at: '2024-01-05T09:30:00Z',
  updated_at: '2024-01-05T09:30:00Z',
  user_name: 'Morgan Mills',
  entity_name: 'Northbridge Broadcasting',
  can_edit: true,
  can_view: true,
  version: 1,
};

function setup(saveStatus = 200) {
  const patches: Record<string, unknown>[] = [];
  let notes = [note, { ...note, id: 8, title: 'Read only', can_edit: false }];
  mockApi({
    'GET /api/v1/account/token': () => jsonResponse({ token: 'csrf' }),
    'GET /api/v1/account/internal-note/9': () => jsonResponse(notes),
    'GET /api/v1/account/internal-note/entities/9': () =>
      jsonResponse([{ id: 3, name: 'Northbridge Broadcasting' }]),
    'PATCH /api/v1/account/update-internal-note': async (req) => {
      const body = (await req.json()) as Record<string, unknown>;
      patches.push(body);
      if (saveStatus !== 200) return errorResponse(saveStatus, 'boom', 'S-100');
      notes = [{ ...note, id: 10, title: String(body.title) }, ...notes];
      return jsonResponse(notes[0]);
    },
  });
  renderWithProviders(
    <CurrentUserProvider user={makeUser({ id: 2, needs: ['manage_entity:3', 'select_entity:3'] })}>
      <InternalNotesTab userId={9} />
    </CurrentUserProvider>,
  );
  return { patches, user: userEvent.setup() };
}

describe('InternalNotesTab', () => {
  it('lists notes with entity, author and date, and offers Edit only where can_edit', async () => {
    setup();
    const card = await screen.findByRole('article', { name: 'Great on multicam' });
    expect(within(card).getByText(/Northbridge Broadcasting · Morgan Mills/)).toBeInTheDocument();
    expect(within(card).getByText('Booked twice, reliable.')).toBeInTheDocument();
    expect(
      within(card).getByRole('button', { name: 'Edit note Great on multicam' }),
    ).toBeInTheDocument();
    const readOnly = screen.getByRole('article', { name: 'Read only' });
    expect(within(readOnly).queryByRole('button')).not.toBeInTheDocument();
  });

  it('requires entity, title and description before sending', async () => {
    const { patches, user } = setup();
    await user.click(await screen.findByRole('button', { name: 'Add note' }));
    await user.click(screen.getByRole('button', { name: 'Publish note' }));
    expect(await screen.findAllByText('This field is required')).toHaveLength(3);
    expect(patches).toEqual([]);
  });

  it('publishes a note for the chosen entity and shows it', async () => {
    const { patches, user } = setup();
    await user.click(await screen.findByRole('button', { name: 'Add note' }));
    await user.click(await screen.findByRole('combobox', { name: /^Entity/ }));
    await user.click(await screen.findByRole('option', { name: 'Northbridge Broadcasting' }));
    await user.type(screen.getByRole('textbox', { name: /^Title/ }), 'Punctual');
    await user.type(screen.getByRole('textbox', { name: /^Description/ }), 'Always early.');
    await user.click(screen.getByRole('button', { name: 'Publish note' }));
    expect(await screen.findByText('Note Published')).toBeInTheDocument();
    expect(patches[0]).toMatchObject({
      freelancer_id: 9,
      user_id: 2,
      entity_id: 3,
      title: 'Punctual',
      description: 'Always early.',
    });
    expect(patches[0]).not.toHaveProperty('note_id');
    expect(await screen.findByRole('article', { name: 'Punctual' })).toBeInTheDocument();
  });

  it('edits with note_id and version, and says when something went wrong', async () => {
    const { patches, user } = setup(500);
    await user.click(await screen.findByRole('button', { name: 'Edit note Great on multicam' }));
    const title = screen.getByRole('textbox', { name: /^Title/ });
    await user.clear(title);
    await user.type(title, 'Renamed');
    await user.click(screen.getByRole('button', { name: 'Save note' }));
    expect(await screen.findByText('Something went wrong')).toBeInTheDocument();
    await waitFor(() => expect(patches).toHaveLength(1));
    expect(patches[0]).toMatchObject({ note_id: 7, version: 1, title: 'Renamed', entity_id: 3 });
  });
});
