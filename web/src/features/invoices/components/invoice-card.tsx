import { Anchor, Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { formatDate } from '@/lib/format';
import type { Invoice } from '../rules';
import { formatMoney, kindLabel, pdfUrl, statusColour, statusLabel } from '../rules';

interface Props {
  invoice: Invoice;
  /** 'supplier': the freelancer's view, naming the client; 'client': a manager's, naming the supplier. */
  side: 'supplier' | 'client';
  onMarkPaid: (inv: Invoice) => void;
  onVoid: (inv: Invoice) => void;
}

/** One invoice or credit note as a card: number, party, dates, total, status, PDF and actions. */
export function InvoiceCard({ invoice: inv, side, onMarkPaid, onVoid }: Props) {
  const titleId = `invoice-${inv.id}`;
  const party = side === 'supplier' ? inv.client.name : inv.supplier.name;
  return (
    <Card
      withBorder
      padding="md"
      component="li"
      aria-labelledby={titleId}
      data-overdue={inv.overdue || undefined}
      style={
        inv.overdue ? { borderColor: 'var(--mantine-color-red-7)', borderWidth: 2 } : undefined
      }
    >
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
        <Stack gap={4} style={{ flex: '1 1 14rem', minWidth: 0 }}>
          <Text fw={600} id={titleId}>
            {kindLabel(inv)} {inv.number}
          </Text>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {side === 'supplier' ? 'From ' : 'To '}
            {party}
          </Text>
          <Text size="sm" c="dimmed">
            Issued {formatDate(inv.issueDate)} · due {formatDate(inv.dueDate)}
            {inv.paidOn ? ` · paid ${formatDate(inv.paidOn)}` : ''}
          </Text>
          {inv.status === 'void' && inv.voidReason && (
            <Text size="sm" c="dimmed">
              Void: {inv.voidReason}
            </Text>
          )}
          {inv.creditForNumber && (
            <Text size="sm" c="dimmed">
              Cancels {inv.creditForNumber}
            </Text>
          )}
        </Stack>
        <Stack gap={6} align="flex-end">
          <Text fw={600}>{formatMoney(inv.totalMinor, inv.currency)}</Text>
          <Badge
            color={statusColour(inv)}
            variant="filled"
            autoContrast
            data-status={statusLabel(inv)}
          >
            {statusLabel(inv)}
          </Badge>
        </Stack>
      </Group>
      <Group gap="sm" mt="sm" wrap="wrap">
        <Anchor
          href={pdfUrl(inv.id)}
          download
          size="sm"
          aria-label={`Download the PDF of ${inv.number}`}
        >
          <Group gap={4} component="span">
            <IconDownload size={16} aria-hidden /> PDF
          </Group>
        </Anchor>
        {inv.canChange && (
          <>
            <Button size="xs" variant="light" onClick={() => onMarkPaid(inv)}>
              Mark paid
            </Button>
            <Button size="xs" variant="light" color="red" onClick={() => onVoid(inv)}>
              Void
            </Button>
          </>
        )}
      </Group>
    </Card>
  );
}
