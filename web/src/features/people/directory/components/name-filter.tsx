import { useDebouncedCallback } from '@mantine/hooks';
import type { CustomFloatingFilterProps } from 'ag-grid-react';
import { useState } from 'react';

/** What the name filters do on the server (GET /account matches the start of the name). */
export const NAME_FILTER_HINT = 'Starts with';

interface TextModel {
  filterType: 'text';
  type: string;
  filter?: string;
}

/**
 * The floating filter of the first and last name columns. The server matches names from their
 * start (an index serves it), so the box says 'Starts with' instead of the grid's own text
 * filter, whose operator menu only offers 'Contains' (its popup is switched off for these
 * columns). The typed text still travels as the text filter's value, debounced like the others.
 */
export function StartsWithFloatingFilter({
  model,
  onModelChange,
  column,
}: CustomFloatingFilterProps<never, unknown, unknown, TextModel>) {
  const current = model?.filter ?? '';
  const [text, setText] = useState(current);
  const [seen, setSeen] = useState(current);
  // A change from outside (the grid clearing its filters) shows in the box.
  if (current !== seen) {
    setSeen(current);
    if (current !== text.trim()) setText(current);
  }
  const push = useDebouncedCallback((value: string) => {
    const trimmed = value.trim();
    onModelChange(trimmed ? { filterType: 'text', type: 'contains', filter: trimmed } : null);
  }, 400);
  const name = column.getColDef().headerName ?? '';
  return (
    <div className="ag-floating-filter-input" role="presentation">
      <input
        className="ag-input-field-input ag-text-field-input"
        type="text"
        aria-label={`${name} Filter Input (${NAME_FILTER_HINT.toLowerCase()})`}
        placeholder={`${NAME_FILTER_HINT}...`}
        title={`${name}: matches the start of the name`}
        autoComplete="off"
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          push(e.target.value);
        }}
      />
    </div>
  );
}
