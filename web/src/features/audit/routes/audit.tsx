import { Alert, Anchor, Text } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { paths, type AuditKind } from '@/lib/paths';
import { PageHeader } from '@/ui/page-header';
import { AuditHistory } from '../components/audit-history';

/** Each audited record's name and page: what the audit page is titled and returns to. */
const KINDS: Record<AuditKind, { label: string; page: (id: number) => string }> = {
  bookings: { label: 'booking', page: (id) => paths.editBooking(id) },
  users: { label: 'user', page: paths.editUser },
  entities: { label: 'entity', page: paths.editEntity },
  'legal-entities': { label: 'legal entity', page: paths.editLegalEntity },
};

const isKind = (k: string | undefined): k is AuditKind => !!k && Object.hasOwn(KINDS, k);

/**
 * /bookings/:id/audit (spec part 2 §2) and the same page for users, entities and legal entities:
 * a route rather than a dialog, so a version can be linked to and the browser's Back returns to
 * the record. Only administrators are offered it; anyone else who types the address sees the
 * server's refusal.
 */
export function AuditRoute() {
  const { kind, id: rawId } = useParams();
  const id = Number(rawId);
  if (!isKind(kind) || !Number.isInteger(id) || id < 1) {
    return (
      <Alert color="gray" title="Not found">
        There is no audit history at this address.
      </Alert>
    );
  }
  const { label, page } = KINDS[kind];
  const title = `Audit history: ${label} ${id}`;
  return (
    <>
      <PageHeader title={title}>
        <Anchor component={Link} to={page(id)}>
          <Text span size="sm">
            Back to the {label}
          </Text>
        </Anchor>
      </PageHeader>
      <AuditHistory key={`${kind}-${id}`} kind={kind} id={id} label={label} />
    </>
  );
}

export { AuditRoute as Component };
