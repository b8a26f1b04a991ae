import { MantineProvider, Text } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { SectionCard } from './section-card';

function renderCard(node: ReactNode) {
  return render(<MantineProvider>{node}</MantineProvider>);
}

describe('SectionCard', () => {
  it('is a region named by its level-2 heading, with the content inside', () => {
    renderCard(
      <SectionCard headingId="waterfall-heading" title="Offers in turn" gap="md">
        <Text>Offer in turn 1</Text>
      </SectionCard>,
    );
    const section = screen.getByRole('region', { name: 'Offers in turn' });
    expect(
      within(section).getByRole('heading', { level: 2, name: 'Offers in turn' }),
    ).toHaveAttribute('id', 'waterfall-heading');
    expect(within(section).getByText('Offer in turn 1')).toBeInTheDocument();
  });

  it('shows the action and the button at the heading', async () => {
    const onClick = vi.fn();
    renderCard(
      <SectionCard
        headingId="placements-heading"
        title="Placements"
        action={<Text>2 selected</Text>}
        button={{ label: 'Add department', onClick }}
      >
        <Text>Rows</Text>
      </SectionCard>,
    );
    expect(screen.getByText('2 selected')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Add department' }));
    expect(onClick).toHaveBeenCalledOnce();
  });
});
