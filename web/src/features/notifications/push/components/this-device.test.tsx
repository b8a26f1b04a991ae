import { screen } from '@testing-library/react';
import { renderWithProviders } from '@/test/render';
import { ThisDevice } from './this-device';

describe('ThisDevice', () => {
  it('says so when the browser cannot take notifications', () => {
    renderWithProviders(<ThisDevice />);
    expect(screen.getByRole('group', { name: 'This device' })).toBeInTheDocument();
    expect(screen.getByText(/This browser cannot receive notifications/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Turn on notifications/ })).toBeNull();
  });
});
