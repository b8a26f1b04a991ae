import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { RestWarning } from './rest-warning';

describe('rest warning', () => {
  it("says the server's message in full, named as a rest warning", () => {
    renderWithProviders(
      <RestWarning message="Less than 11 hours' rest after Cup Final, which ends Mon 1 Mar 23:00" />,
    );
    expect(screen.getByText(/Rest warning:/).parentElement).toHaveTextContent(
      "Rest warning: Less than 11 hours' rest after Cup Final, which ends Mon 1 Mar 23:00",
    );
  });

  it('shows nothing without a message', () => {
    renderWithProviders(<RestWarning message="" />);
    expect(screen.queryByText(/Rest warning/)).not.toBeInTheDocument();
  });
});
