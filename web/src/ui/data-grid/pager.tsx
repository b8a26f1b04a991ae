import { Pagination, Select } from '@mantine/core';

interface PageSizeSelectProps {
  /** The control's accessible name when 'Rows per page' alone would be ambiguous. */
  ariaLabel?: string;
  sizes: readonly number[];
  pageSize: number;
  /** The new size; callers go back to the first page. */
  onPageSize: (size: number) => void;
}

/** 'Rows per page', kept on one line: the one page-size control of every paged table. */
export function PageSizeSelect({ ariaLabel, sizes, pageSize, onPageSize }: PageSizeSelectProps) {
  return (
    <Select
      label="Rows per page"
      aria-label={ariaLabel}
      size="xs"
      w={110}
      styles={{ label: { whiteSpace: 'nowrap' } }}
      allowDeselect={false}
      data={sizes.map(String)}
      value={String(pageSize)}
      onChange={(v) => onPageSize(v ? Number(v) : pageSize)}
    />
  );
}

interface PageLinksProps {
  ariaLabel: string;
  pages: number;
  page: number;
  onPage: (page: number) => void;
}

/** The page buttons, each named for screen readers; nothing when there is one page. */
export function PageLinks({ ariaLabel, pages, page, onPage }: PageLinksProps) {
  if (pages <= 1) return null;
  return (
    <Pagination
      aria-label={ariaLabel}
      size="sm"
      total={pages}
      value={Math.min(page, pages)}
      onChange={onPage}
      getControlProps={(control) => ({ 'aria-label': `${control} page` })}
      getItemProps={(p) => ({ 'aria-label': `Page ${p}` })}
    />
  );
}
