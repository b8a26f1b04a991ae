import { Alert, Badge, Button, Group, Loader, Progress, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { loadFailureText, refusalMessage } from '@/lib/errors/refusal';
import { countOf, formatDateTime } from '@/lib/format';
import { RetryAlert } from '@/ui/retry-alert';
import { SectionCard } from '@/ui/section-card';
import {
  moved,
  useControlWaterfall,
  useReorderWaterfall,
  useWaterfalls,
  type Waterfall,
  type WaterfallAction,
  type WaterfallCandidate,
} from './api';
import { MoveButtons, RankedItem, RankNumber } from './ranked-list';
import { LIFETIMES } from './offer-in-turn-form';

/** What each state is called, for the waterfall and for its candidates, and its colour. */
export const waterfallStates: Record<Waterfall['state'], { label: string; colour: string }> = {
  running: { label: 'Running', colour: 'blue' },
  paused: { label: 'Paused', colour: 'yellow' },
  stopped: { label: 'Stopped', colour: 'gray' },
  done: { label: 'Done', colour: 'green' },
};

export const candidateStates: Record<
  WaterfallCandidate['state'],
  { label: string; colour: string }
> = {
  pending: { label: 'Waiting', colour: 'gray' },
  offered: { label: 'Offered', colour: 'orange' },
  accepted: { label: 'Accepted', colour: 'green' },
  declined: { label: 'Declined', colour: 'red' },
  expired: { label: 'Expired', colour: 'red' },
  skipped: { label: 'Skipped', colour: 'gray' },
};

/** The manager's actions in each state. */
const actionsIn: Record<Waterfall['state'], WaterfallAction[]> = {
  running: ['pause', 'stop'],
  paused: ['resume', 'stop'],
  done: ['pause', 'stop'],
  stopped: [],
};

const actionLabels: Record<WaterfallAction, string> = {
  pause: 'Pause',
  resume: 'Resume',
  stop: 'Stop',
};

/**
 * The booking page's Waterfall section, for the booking's managers: each offer in turn with its
 * progress and ranked list, refreshed by polling while it moves; pause, resume, stop and the
 * order of those still waiting. Nothing is shown for a booking without one.
 */
export function WaterfallPanel({ bookingId }: { bookingId: number }) {
  const query = useWaterfalls(bookingId);
  if (query.isPending) return <Loader size="sm" aria-label="Loading the offers in turn" />;
  if (query.isError) {
    return (
      <RetryAlert title="Could not load the offers in turn" onRetry={() => void query.refetch()}>
        {loadFailureText(query.error)}
      </RetryAlert>
    );
  }
  const items = query.data.items ?? [];
  if (items.length === 0) return null;
  return (
    <SectionCard headingId="waterfall-heading" title="Waterfall" gap="md">
      {items.map((w) => (
        <WaterfallCard key={w.id} waterfall={w} />
      ))}
    </SectionCard>
  );
}

function WaterfallCard({ waterfall: w }: { waterfall: Waterfall }) {
  const control = useControlWaterfall();
  const reorder = useReorderWaterfall();
  const [refusal, setRefusal] = useState<string | null>(null);
  const candidates = w.candidates ?? [];
  const pending = candidates.filter((c) => c.state === 'pending').map((c) => c.userId);
  const lifetime = LIFETIMES.find((l) => Number(l.value) === w.offerLifetimeMinutes)?.label;
  const onError = (err: unknown) =>
    setRefusal(refusalMessage(err) ?? 'The change could not be saved. Try again.');
  const act = (action: WaterfallAction) => {
    setRefusal(null);
    control.mutate({ id: w.id, action, version: w.version }, { onError });
  };
  const move = (userId: number, by: -1 | 1) => {
    setRefusal(null);
    const userIds = moved(pending, pending.indexOf(userId), by);
    reorder.mutate({ id: w.id, userIds, version: w.version }, { onError });
  };
  const state = waterfallStates[w.state];
  const canReorder = w.state === 'running' || w.state === 'paused';

  return (
    <Stack gap="xs" component="article" aria-label={`Offer in turn ${w.id}`}>
      <Group justify="space-between" wrap="wrap">
        <Group gap="xs">
          <Badge color={state.colour} variant="dot" data-testid="waterfall-state">
            {state.label}
          </Badge>
          <Text size="sm" data-testid="waterfall-progress">
            {w.filled} of {countOf(w.places, 'place')} filled · {countOf(w.open, 'offer')} open
          </Text>
        </Group>
        <Group gap="xs">
          {actionsIn[w.state].map((a) => (
            <Button
              key={a}
              size="xs"
              variant={a === 'stop' ? 'light' : 'default'}
              color={a === 'stop' ? 'red' : undefined}
              loading={control.isPending && control.variables?.action === a}
              onClick={() => act(a)}
            >
              {actionLabels[a]}
            </Button>
          ))}
        </Group>
      </Group>
      <Progress
        value={w.places > 0 ? (100 * w.filled) / w.places : 0}
        aria-label={`${w.filled} of ${w.places} places filled`}
      />
      <Text size="xs" c="dimmed">
        Started {formatDateTime(w.createdAt)} for{' '}
        {countOf((w.placementIds ?? []).length, 'placement')}: up to{' '}
        {countOf(w.openAtOnce, 'offer')} open at once
        {lifetime ? `, each open for ${lifetime}` : ''}.
      </Text>
      {refusal && (
        <Alert color="red" role="alert" withCloseButton onClose={() => setRefusal(null)}>
          {refusal}
        </Alert>
      )}
      <Stack component="ol" gap={4} m={0} p={0} aria-label="Ranked freelancers">
        {candidates.map((c) => (
          <CandidateRow
            key={c.userId}
            candidate={c}
            index={pending.indexOf(c.userId)}
            waiting={pending.length}
            canReorder={canReorder}
            busy={reorder.isPending}
            onMove={(by) => move(c.userId, by)}
          />
        ))}
      </Stack>
    </Stack>
  );
}

function CandidateRow({
  candidate: c,
  index,
  waiting,
  canReorder,
  busy,
  onMove,
}: {
  candidate: WaterfallCandidate;
  /** Its place among those still waiting; -1 when it is not waiting. */
  index: number;
  waiting: number;
  canReorder: boolean;
  busy: boolean;
  onMove: (by: -1 | 1) => void;
}) {
  const state = candidateStates[c.state];
  return (
    <RankedItem
      data-testid="waterfall-candidate"
      aria-label={`${c.rank}. ${c.fullName}: ${state.label}`}
    >
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Group gap="xs" wrap="nowrap">
          <RankNumber rank={c.rank} />
          <Text size="sm">{c.fullName}</Text>
          <Badge color={state.colour} variant="dot">
            {state.label}
          </Badge>
        </Group>
        <Group gap="xs" wrap="nowrap">
          {c.state === 'offered' && c.answerBy && (
            <Text size="xs" c="dimmed">
              Answer by {formatDateTime(c.answerBy)}
            </Text>
          )}
          {canReorder && index >= 0 && (
            <MoveButtons
              name={c.fullName}
              size="sm"
              upDisabled={index === 0 || busy}
              downDisabled={index === waiting - 1 || busy}
              onMove={onMove}
            />
          )}
        </Group>
      </Group>
    </RankedItem>
  );
}
