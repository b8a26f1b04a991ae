import { useDisclosure } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { DataGrid, type DataGridProps, type GridPage } from './data-grid';
import { SectionCard } from './section-card';

/**
 * A record page's section that is one grid, with a button at its heading that opens a dialog
 * (e.g. an entity's departments with 'Add department'). The button shows only when `allowed`.
 */
export function GridSection<Row, Page extends GridPage<Row> = GridPage<Row>>({
  headingId,
  title,
  grid,
  button,
  dialog,
  children,
}: {
  headingId: string;
  title: string;
  grid: DataGridProps<Row, Page>;
  button: { label: string; allowed: boolean };
  /** The dialog the button opens, given whether it is open and how to close it. */
  dialog: (opened: boolean, close: () => void) => ReactNode;
  /** What shows below the grid, before the dialog. */
  children?: ReactNode;
}) {
  const [opened, { open, close }] = useDisclosure(false);
  return (
    <SectionCard
      headingId={headingId}
      title={title}
      button={button.allowed && { label: button.label, onClick: open }}
    >
      <DataGrid {...grid} />
      {children}
      {dialog(opened, close)}
    </SectionCard>
  );
}
