import { Button } from '@mantine/core';
import { Link } from 'react-router';
import { useCurrentUser } from '@/lib/current-user';
import { paths, type AuditKind } from '@/lib/paths';
import { isAdmin } from '@/lib/permissions';

/** The 'Audit' button of a booking, user, entity or legal entity page: administrators only (spec part 2 §6). */
export function AuditButton({ kind, id }: { kind: AuditKind; id: number }) {
  const user = useCurrentUser();
  if (!isAdmin(user)) return null;
  return (
    <Button component={Link} to={paths.audit(kind, id)} variant="default" size="xs">
      Audit
    </Button>
  );
}
