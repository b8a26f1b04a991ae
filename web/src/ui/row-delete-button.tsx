import { Button } from '@mantine/core';

/**
 * The Delete button of a table row: small and quiet beside the row's data, dark red under the
 * light variant for AA contrast. Its accessible name says which row it deletes, since every
 * row's button reads the same.
 */
export function RowDeleteButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <Button size="xs" variant="subtle" color="red.9" aria-label={label} onClick={onClick}>
      Delete
    </Button>
  );
}
