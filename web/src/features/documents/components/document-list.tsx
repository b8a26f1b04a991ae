import { Anchor, Badge, Card, Group, Stack, Text } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { formatDate } from '@/lib/format';
import type { SigningDocument } from '../rules';
import { documentBadgeColour, documentStatusLabel } from '../rules';

/** A document's status as a badge whose text says the status (colour is never the only cue). */
export function DocumentStatusBadge({ status }: { status: SigningDocument['status'] }) {
  return (
    <Badge color={documentBadgeColour(status)} autoContrast variant="filled" data-status={status}>
      {documentStatusLabel(status)}
    </Badge>
  );
}

interface Props {
  documents: SigningDocument[];
  /** 'mine': the signer's view, with a Sign link; 'requested': a requester's, naming the signer. */
  view: 'mine' | 'requested';
}

/** Documents as a list of cards (one column, so it reads at 375 px). */
export function DocumentList({ documents, view }: Props) {
  return (
    <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {documents.map((d) => (
        <Card
          key={d.id}
          withBorder
          padding="md"
          component="li"
          aria-labelledby={`document-${d.id}`}
        >
          <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
            <Stack gap={4} style={{ flex: '1 1 14rem', minWidth: 0 }}>
              <Text fw={600} id={`document-${d.id}`}>
                {d.title}
              </Text>
              {d.description && (
                <Text size="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
                  {d.description}
                </Text>
              )}
              <Text size="sm" c="dimmed">
                Due {formatDate(d.dueDate)}
                {view === 'mine' && d.requesterName ? ` · asked by ${d.requesterName}` : ''}
                {view === 'requested' ? ` · for ${d.userName}` : ''}
              </Text>
            </Stack>
            <Group gap="sm">
              <DocumentStatusBadge status={d.status} />
              {view === 'mine' && d.status !== 'completed' && (
                <Anchor
                  href={d.documentUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={`Sign ${d.title} (opens in a new tab)`}
                >
                  <Group gap={4} component="span">
                    Sign <IconExternalLink size={16} aria-hidden />
                  </Group>
                </Anchor>
              )}
              {d.status === 'completed' && view === 'mine' && (
                <Anchor
                  href={d.documentUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                  size="sm"
                  aria-label={`View ${d.title} (opens in a new tab)`}
                >
                  View
                </Anchor>
              )}
            </Group>
          </Group>
        </Card>
      ))}
    </Stack>
  );
}
