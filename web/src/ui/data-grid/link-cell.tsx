import { Anchor } from '@mantine/core';
import type { CustomCellRendererProps } from 'ag-grid-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/**
 * A cell renderer that shows a row's text as a link to its page (the name or email column of a
 * list). Build it once, outside the component, so the grid keeps the renderer's identity.
 */
export function linkCell<Row>(to: (row: Row) => string, text: (row: Row) => ReactNode) {
  return function LinkCell({ data }: CustomCellRendererProps<Row>) {
    if (!data) return null;
    return (
      <Anchor component={Link} to={to(data)}>
        {text(data)}
      </Anchor>
    );
  };
}
