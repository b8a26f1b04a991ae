import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { RowDeleteButton } from './row-delete-button';

describe('RowDeleteButton', () => {
  it('reads Delete, is named after its row and deletes on click', async () => {
    const onClick = vi.fn();
    render(
      <MantineProvider>
        <RowDeleteButton label="Delete cv.pdf" onClick={onClick} />
      </MantineProvider>,
    );
    const button = screen.getByRole('button', { name: 'Delete cv.pdf' });
    expect(button).toHaveTextContent('Delete');
    await userEvent.setup().click(button);
    expect(onClick).toHaveBeenCalledOnce();
  });
});
