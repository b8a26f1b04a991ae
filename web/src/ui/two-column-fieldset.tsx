import { Fieldset, SimpleGrid } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A form's titled group of fields, laid out in two columns from the small breakpoint up and in
 * one on phones; the legend names the group for screen readers.
 */
export function TwoColumnFieldset({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <Fieldset legend={legend}>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>{children}</SimpleGrid>
    </Fieldset>
  );
}
