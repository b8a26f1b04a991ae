import { Alert, Button, Group, Loader, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Fragment, useState } from 'react';
import { refusalMessage } from '@/lib/errors/refusal';
import { PageLinks, PageSizeSelect } from '@/ui/data-grid';
import { countOf, formatDateTimeSeconds } from '@/lib/format';
import type { AuditKind } from '@/lib/paths';
import { historyQueryOptions } from '../api/get-history';
import {
  AUDIT_PAGE_SIZES,
  DEFAULT_AUDIT_PAGE_SIZE,
  type HistoryEntry,
  type HistoryNames,
  changesOf,
  sourceLabel,
} from '../rules';

const COLUMNS = 11;

/** The changes of one entry against the same record's previous version. */
function Changes({ entry, names }: { entry: HistoryEntry; names?: HistoryNames }) {
  const changes = changesOf(entry, names);
  if (changes.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No visible field changed.
      </Text>
    );
  }
  return (
    <Table
      withTableBorder
      fz="sm"
      aria-label={`Changes in ${sourceLabel(entry.hiveSource)} ${entry.recordId} version ${entry.version}`}
    >
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">Field</Table.Th>
          <Table.Th scope="col">Before (version {entry.version - 1 || '—'})</Table.Th>
          <Table.Th scope="col">After (version {entry.version})</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {changes.map((c) => (
          <Table.Tr key={c.field}>
            <Table.Th scope="row">{c.label}</Table.Th>
            <Table.Td>{c.before}</Table.Td>
            <Table.Td>{c.after}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function impersonator(entry: HistoryEntry, names?: HistoryNames): string {
  const id = entry.hiveImpersonatorUserId;
  if (id == null) return '—';
  const name = names?.hiveImpersonatorUserId?.[String(id)];
  return name ? `${name} (#${id})` : `#${id}`;
}

/**
 * A record's audit history: every §3 field of each entry, newest first, a page at a time (5,
 * 10, 20, 50 or 100 entries), each with the differences from the same record's previous version.
 */
export function AuditHistory({ kind, id, label }: { kind: AuditKind; id: number; label: string }) {
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(DEFAULT_AUDIT_PAGE_SIZE);
  const [open, setOpen] = useState<ReadonlySet<number>>(new Set());
  const query = useQuery({
    ...historyQueryOptions({ kind, id, page, pageSize }),
    meta: { silentErrors: true },
  });

  if (query.isPending) {
    return (
      <Group gap="xs" role="status">
        <Loader size="sm" />
        <Text size="sm">Loading history…</Text>
      </Group>
    );
  }
  if (query.isError) {
    return (
      <Alert color="red" title="History" role="alert">
        {refusalMessage(query.error) ?? 'The history could not be loaded. Please try again.'}
      </Alert>
    );
  }
  const { items, total, names } = query.data;
  const entries = items ?? [];
  if (total === 0) return <Text>No history has been recorded for this {label} yet.</Text>;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const toggle = (entryId: number) =>
    setOpen((prev) => {
      const next = new Set(prev);
      if (next.has(entryId)) next.delete(entryId);
      else next.add(entryId);
      return next;
    });

  return (
    <Stack gap="sm">
      <Table.ScrollContainer minWidth={1100}>
        <Table striped highlightOnHover aria-label={`Audit history of this ${label}`}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">When</Table.Th>
              <Table.Th scope="col">Action</Table.Th>
              <Table.Th scope="col">Source</Table.Th>
              <Table.Th scope="col">Record</Table.Th>
              <Table.Th scope="col">Version</Table.Th>
              <Table.Th scope="col">User</Table.Th>
              <Table.Th scope="col">Impersonated by</Table.Th>
              <Table.Th scope="col">Role</Table.Th>
              <Table.Th scope="col">Admin</Table.Th>
              <Table.Th scope="col">Transaction</Table.Th>
              <Table.Th scope="col">Changes</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {entries.map((e) => {
              const expanded = open.has(e.id);
              const panel = `audit-changes-${e.id}`;
              return (
                <Fragment key={e.id}>
                  <Table.Tr data-entry={e.id}>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      {formatDateTimeSeconds(e.createdAt)}
                    </Table.Td>
                    <Table.Td>
                      <Text span size="sm" fw={600}>
                        {e.hiveAction}
                      </Text>
                    </Table.Td>
                    <Table.Td>{sourceLabel(e.hiveSource)}</Table.Td>
                    <Table.Td>
                      {e.recordName ? `${e.recordName} (#${e.recordId})` : `#${e.recordId}`}
                    </Table.Td>
                    <Table.Td>{e.version}</Table.Td>
                    <Table.Td>
                      {e.hiveUserId == null ? 'System' : `${e.hiveUserName} (#${e.hiveUserId})`}
                    </Table.Td>
                    <Table.Td>{impersonator(e, names)}</Table.Td>
                    <Table.Td>{e.hiveRole || '—'}</Table.Td>
                    <Table.Td>{e.hiveIsAdmin ? 'Yes' : 'No'}</Table.Td>
                    <Table.Td>
                      <Text component="code" size="xs" ff="monospace">
                        {e.hiveTxId}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Button
                        size="compact-xs"
                        variant="default"
                        aria-expanded={expanded}
                        aria-controls={panel}
                        aria-label={`${expanded ? 'Hide' : 'Show'} changes of ${sourceLabel(e.hiveSource)} ${e.recordId} version ${e.version}`}
                        onClick={() => toggle(e.id)}
                      >
                        {expanded ? 'Hide' : 'Show'}
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                  {expanded && (
                    <Table.Tr id={panel}>
                      <Table.Td colSpan={COLUMNS}>
                        <Changes entry={e} names={names} />
                      </Table.Td>
                    </Table.Tr>
                  )}
                </Fragment>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Text size="sm" aria-live="polite">
          {countOf(total, 'entry', 'entries')}
          {query.isFetching ? ' · loading…' : ''}
        </Text>
        <Group gap="sm" wrap="wrap" align="flex-end">
          <PageSizeSelect
            sizes={AUDIT_PAGE_SIZES}
            pageSize={pageSize}
            onPageSize={(size) => {
              setPageSize(size);
              setPage(1);
            }}
          />
          <PageLinks ariaLabel="History pages" pages={pages} page={page} onPage={setPage} />
        </Group>
      </Group>
    </Stack>
  );
}
