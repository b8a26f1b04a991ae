import { MantineProvider, TextInput } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TwoColumnFieldset } from './two-column-fieldset';

describe('TwoColumnFieldset', () => {
  it('is a group named by its legend holding the fields', () => {
    render(
      <MantineProvider>
        <TwoColumnFieldset legend="Contact">
          <TextInput label="Email" />
          <TextInput label="Phone" />
        </TwoColumnFieldset>
      </MantineProvider>,
    );
    const group = screen.getByRole('group', { name: 'Contact' });
    expect(within(group).getByRole('textbox', { name: 'Email' })).toBeInTheDocument();
    expect(within(group).getByRole('textbox', { name: 'Phone' })).toBeInTheDocument();
  });
});
