import { Anchor } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '@/lib/paths';

/** A job template's title as a link to its edit page. */
export function JobTemplateLink({ row }: { row?: { id: number; title: string } }) {
  if (!row) return null;
  return (
    <Anchor component={Link} to={paths.editJobTemplate(row.id)} size="sm">
      {row.title}
    </Anchor>
  );
}
