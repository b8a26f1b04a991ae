import { fireEvent, render, screen } from '@testing-library/react';
import type { CustomFloatingFilterProps } from 'ag-grid-react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { StartsWithFloatingFilter } from './name-filter';

type Props = CustomFloatingFilterProps<
  never,
  unknown,
  unknown,
  { filterType: 'text'; type: string; filter?: string }
>;

function props(model: Props['model'], onModelChange = vi.fn()): Props {
  const column = { getColDef: () => ({ headerName: 'Last Name' }) };
  return { model, onModelChange, column } as unknown as Props;
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('StartsWithFloatingFilter', () => {
  it('says it matches the start, and sends the trimmed text after a pause', () => {
    const onModelChange = vi.fn();
    render(<StartsWithFloatingFilter {...props(null, onModelChange)} />);
    const box = screen.getByRole('textbox', { name: 'Last Name Filter Input (starts with)' });
    expect(box).toHaveAttribute('placeholder', 'Starts with...');
    fireEvent.change(box, { target: { value: ' rei ' } });
    expect(onModelChange).not.toHaveBeenCalled();
    vi.advanceTimersByTime(400);
    expect(onModelChange).toHaveBeenCalledWith({
      filterType: 'text',
      type: 'contains',
      filter: 'rei',
    });
    fireEvent.change(box, { target: { value: '  ' } });
    vi.advanceTimersByTime(400);
    expect(onModelChange).toHaveBeenLastCalledWith(null);
  });

  it('shows a filter cleared from outside', () => {
    const { rerender } = render(
      <StartsWithFloatingFilter
        {...props({ filterType: 'text', type: 'contains', filter: 'rei' })}
      />,
    );
    expect(screen.getByRole('textbox')).toHaveValue('rei');
    rerender(<StartsWithFloatingFilter {...props(null)} />);
    expect(screen.getByRole('textbox')).toHaveValue('');
  });
});
