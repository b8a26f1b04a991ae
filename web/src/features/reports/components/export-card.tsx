import { Button, Card, Progress, Stack, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { formatBytes, type ReportKind } from '../rules';

interface Props {
  report: ReportKind;
  /** Bytes received while this card's export runs; null when it is not running. */
  received: number | null;
  disabled: boolean;
  onExport: () => void;
}

/** One report's export card, with its progress while the export runs. */
export function ExportCard({ report, received, disabled, onExport }: Props) {
  const running = received !== null;
  const headingId = `report-${report.type}`;
  return (
    <Card withBorder padding="md" component="section" aria-labelledby={headingId}>
      <Stack gap="xs" h="100%">
        <Title order={2} size="h4" id={headingId}>
          {report.title}
        </Title>
        <Text size="sm" c="dimmed" style={{ flexGrow: 1 }}>
          {report.description}
        </Text>
        {running && (
          <Stack gap={4} role="status" aria-live="polite">
            <Progress value={100} animated striped aria-label={`Exporting ${report.title}`} />
            <Text size="xs">
              Exporting... {received > 0 ? `${formatBytes(received)} received` : 'preparing'}
            </Text>
          </Stack>
        )}
        <Button
          leftSection={<IconDownload size={16} aria-hidden />}
          onClick={onExport}
          loading={running}
          disabled={disabled && !running}
          aria-label={`Export ${report.title} as CSV`}
        >
          Export CSV
        </Button>
      </Stack>
    </Card>
  );
}
