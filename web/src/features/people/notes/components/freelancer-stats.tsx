import { Card, SimpleGrid, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { freelancerStatsQueryOptions } from '../api/get-freelancer-stats';

function StatBox({ label, value, hint }: { label: string; value: number; hint?: string }) {
  return (
    <Card withBorder>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={700} size="xl">
        {value}
      </Text>
      {hint && (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      )}
    </Card>
  );
}

/**
 * What 'Jobs as the Preferred Supplier' counts (docs/decisions.md): the job templates that named
 * the freelancer a preferred supplier in the same 30 days as the completed jobs.
 */
export const PREFERRED_HINT = 'Job templates that named them preferred in the last 30 days';

function Panel({ userId }: { userId: number }) {
  const stats = useQuery(freelancerStatsQueryOptions(userId));
  if (!stats.data) return null;
  return (
    <Card withBorder component="section" aria-labelledby="freelancer-stats-title">
      <Title order={2} size="h4" id="freelancer-stats-title">
        Freelancer Stats
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        A summary of your recent activity
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <StatBox label="Completed Jobs in the last 30 days" value={stats.data.totalInstructions} />
        <StatBox
          label="Jobs as the Preferred Supplier"
          value={stats.data.distinctJobs}
          hint={PREFERRED_HINT}
        />
      </SimpleGrid>
    </Card>
  );
}

/** The Freelancer Stats panel: shown once loaded, skipped without a userId. */
export function FreelancerStats({ userId }: { userId?: number }) {
  if (userId === undefined) return null;
  return <Panel userId={userId} />;
}
