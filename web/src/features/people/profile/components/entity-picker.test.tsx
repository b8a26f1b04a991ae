import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockApi, renderWithProviders } from '@/test/render';
import { EntityMultiPicker, EntityPicker } from './entity-picker';

const entities = [
  { id: 3, name: 'Northbridge Broadcasting' },
  { id: 8, name: 'North Sound Hire' },
];

/** The entity list answers names containing `name`, and records which searches were made. */
function entityApi() {
  const searched: (string | null)[] = [];
  mockApi({
    'GET /api/v1/entity': (request) => {
      const url = new URL(request.url);
      const name = url.searchParams.get('name');
      searched.push(`${name ?? ''}|${url.searchParams.get('type') ?? ''}`);
      const items = entities.filter((e) =>
        e.name.toLowerCase().includes((name ?? '').toLowerCase()),
      );
      return jsonResponse({ items, total: items.length });
    },
  });
  return searched;
}

describe('entity pickers', () => {
  it('search the server for what is typed, of the type asked, and pick one', async () => {
    const searched = entityApi();
    const onChange = vi.fn();
    renderWithProviders(
      <EntityPicker label="Preferred Supplier" type="supplier" value={null} onChange={onChange} />,
    );
    const user = userEvent.setup();
    await user.type(screen.getByRole('combobox', { name: 'Preferred Supplier' }), 'sound');
    await user.click(await screen.findByRole('option', { name: 'North Sound Hire' }));
    expect(onChange).toHaveBeenCalledWith({ value: '8', label: 'North Sound Hire' });
    await waitFor(() => expect(searched).toContain('sound|supplier'));
    expect(
      screen.queryByRole('option', { name: 'Northbridge Broadcasting' }),
    ).not.toBeInTheDocument();
  });

  it('keep the entities already picked among the choices of a multi-picker', async () => {
    entityApi();
    const onChange = vi.fn();
    renderWithProviders(
      <EntityMultiPicker
        label="Entities"
        value={[{ value: '3', label: 'Northbridge Broadcasting' }]}
        onChange={onChange}
      />,
    );
    const user = userEvent.setup();
    await user.type(screen.getByRole('combobox', { name: 'Entities' }), 'sound');
    await user.click(await screen.findByRole('option', { name: 'North Sound Hire' }));
    expect(onChange).toHaveBeenCalledWith([
      { value: '3', label: 'Northbridge Broadcasting' },
      { value: '8', label: 'North Sound Hire' },
    ]);
  });
});
