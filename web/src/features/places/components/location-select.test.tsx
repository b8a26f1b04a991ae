import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { salford } from '@/test/places.test-data';
import { jsonResponse, mockApi, renderWithProviders } from '@/test/render';
import { errorResponse } from '@/test/server-errors';
import type { LocationValue } from '../rules';
import { LocationSelect, type LocationFieldValue } from './location-select';

const salfords = {
  ...salford,
  formatted_address: 'Salfords, England, United Kingdom',
  name: 'Salfords',
  location_name: 'Salfords, England, United Kingdom',
  latitude: 51.20186,
  longitude: -0.16234,
};

function queriesOf(fetch: ReturnType<typeof mockApi>): string[] {
  return fetch.mock.calls.map(
    ([input]) => new URL((input as Request).url).searchParams.get('query') ?? '',
  );
}

function Harness({
  initial = null,
  onChange,
}: {
  initial?: LocationFieldValue | null;
  onChange: (v: LocationValue | null) => void;
}) {
  const [value, setValue] = useState<LocationFieldValue | null>(initial);
  return (
    <>
      <LocationSelect
        label="Location"
        value={value}
        onChange={(v) => {
          setValue(v);
          onChange(v);
        }}
      />
      <button type="button">Elsewhere</button>
    </>
  );
}

function setup(
  answer: (req: Request) => Response = () => jsonResponse({ results: [salford, salfords] }),
  initial: LocationFieldValue | null = null,
) {
  const user = userEvent.setup();
  const fetch = mockApi({ 'GET /api/v1/locations': answer });
  const onChange = vi.fn();
  renderWithProviders(<Harness initial={initial} onChange={onChange} />);
  return { fetch, onChange, user, input: screen.getByRole('combobox', { name: 'Location' }) };
}

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('LocationSelect', () => {
  it('searches once, 400 ms after the last key', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { fetch, input } = setup();
    for (const text of ['S', 'Sa', 'Sal', 'Salf']) {
      fireEvent.change(input, { target: { value: text } });
      await act(async () => vi.advanceTimersByTime(100));
    }
    await act(async () => vi.advanceTimersByTime(299));
    expect(fetch).not.toHaveBeenCalled();
    await act(async () => vi.advanceTimersByTime(1));
    expect(queriesOf(fetch)).toEqual(['Salf']);
  });

  it('does not search under 3 letters', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { fetch, input } = setup();
    for (const text of ['Sa', 'Sa ', 'S-a', 'Zü']) {
      fireEvent.change(input, { target: { value: text } });
      await act(async () => vi.advanceTimersByTime(1000));
    }
    expect(fetch).not.toHaveBeenCalled();
    fireEvent.change(input, { target: { value: 'Zür' } });
    await act(async () => vi.advanceTimersByTime(400));
    expect(queriesOf(fetch)).toEqual(['Zür']);
  });

  it('choosing a suggestion sets the name and both coordinates', async () => {
    const { onChange, user, input } = setup();
    await user.type(input, 'salf');
    const listbox = await screen.findByRole('listbox', { name: 'Places' });
    expect(listbox).toHaveStyle({ maxHeight: '150px', overflowY: 'auto' });
    await user.click(
      await screen.findByRole('option', { name: 'Salford, England, United Kingdom' }),
    );
    expect(onChange).toHaveBeenLastCalledWith({
      location_name: 'Salford, England, United Kingdom',
      latitude: 53.48771,
      longitude: -2.29042,
    });
    expect(input).toHaveValue('Salford, England, United Kingdom');
  });

  it('is usable from the keyboard and announces the count', async () => {
    const { onChange, user, input } = setup();
    await user.type(input, 'salf');
    expect(await screen.findByText('2 places found')).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(onChange).toHaveBeenLastCalledWith({
      location_name: 'Salfords, England, United Kingdom',
      latitude: 51.20186,
      longitude: -0.16234,
    });
  });

  it('clearing the field clears all three', async () => {
    const { onChange, user, input } = setup(undefined, {
      location_name: 'Leeds, England, United Kingdom',
      latitude: 53.79648,
      longitude: -1.54785,
    });
    expect(input).toHaveValue('Leeds, England, United Kingdom');
    await user.clear(input);
    expect(onChange).toHaveBeenLastCalledWith(null);
  });

  it('puts back the stored name when left with text that was not chosen', async () => {
    const { onChange, user, input } = setup(undefined, { location_name: 'Leeds' });
    await user.type(input, 'x');
    await user.click(screen.getByRole('button', { name: 'Elsewhere' }));
    expect(input).toHaveValue('Leeds');
    expect(onChange).not.toHaveBeenCalled();
  });

  it('only logs a failed search', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user, input } = setup(() => errorResponse(500, 'down', 'S-500'));
    await user.type(input, 'salf');
    expect(
      await screen.findByText('No places found', { selector: '[aria-live] *, [aria-live]' }),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(log).toHaveBeenCalledWith('Location search failed', expect.anything()),
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
