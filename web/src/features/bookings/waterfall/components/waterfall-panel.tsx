import { Alert, Badge, Button, Group, Loader, Progress, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { loadFailureText, refusalMessage } from '@/lib/errors/refusal';
import { countOf, formatDateTime } from '@/lib/format';
import { RetryAlert } from '@/ui/retry-alert';
import { SectionCard } from '@/ui/section-card';
import { useControlWaterfall, type WaterfallAction } from '../api/control-waterfall';
import { useWaterfalls } from '../api/get-waterfalls';
import { useReorderWaterfall } from '../api/reorder-waterfall';
import { moved, type Waterfall, type WaterfallCandidate } from '../rules';
import { MoveButtons, RankedItem, RankNumber } from './ranked-list';
import { LIFETIMES } from './offer-in-turn-form';
import { AddCandidatesModal, StartAgainModal } from './more-candidates';

/**
 * What each state is called and its colour. A filled one is done; one that ran out (nobody left
 * to offer to, places unfilled) is a warning, since it needs the manager.
 */
export const waterfallStates: Record<Waterfall['state'], { label: string; colour: string }> = {
  running: { label: 'Running', colour: 'blue' },
  paused: { label: 'Paused', colour: 'yellow' },
  stopped: { label: 'Stopped', colour: 'gray' },
  done: { label: 'Done', colour: 'green' },
  ran_out: { label: 'Ran out', colour: 'orange' },
};

/** Whether an offer in turn has finished: it offers nothing more unless the manager acts. */
export const isFinished = (w: Waterfall) =>
  w.state === 'done' || w.state === 'ran_out' || w.state === 'stopped';

/**
 * The state as the panel says it: while it offers, the state; once finished, with its result,
 * 'Ran out: 0 of 1 filled'.
 */
export function waterfallHeadline(w: Waterfall): string {
  const label = waterfallStates[w.state].label;
  return isFinished(w) ? `${label}: ${w.filled} of ${w.places} filled` : label;
}

/** Offered again from scratch: one that finished with places unfilled, on live placements. */
export const canStartAgain = (w: Waterfall) =>
  (w.state === 'ran_out' || w.state === 'stopped') &&
  w.filled < w.places &&
  w.placementTemplateId != null;

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

const actionLabels: Record<WaterfallAction, string> = {
  pause: 'Pause',
  resume: 'Resume',
  stop: 'Stop',
};

/**
 * The booking page's Offers in turn section, for the booking's managers: each offer in turn with
 * its progress and ranked list, refreshed by polling while it moves; the actions the server
 * allows in its state (pause, resume, stop), the order of those still waiting, more candidates,
 * and starting again once it ran out. Nothing is shown for a booking without one.
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
    <SectionCard headingId="waterfall-heading" title="Offers in turn" gap="md">
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
  const canReorder = w.canAddCandidates;
  const [dialog, setDialog] = useState<'add' | 'again' | null>(null);

  return (
    <Stack gap="xs" component="article" aria-label={`Offer in turn ${w.id}`}>
      <Group justify="space-between" wrap="wrap">
        <Group gap="xs">
          <Badge
            color={state.colour}
            data-colour={state.colour}
            variant="dot"
            tt="none"
            data-testid="waterfall-state"
          >
            {waterfallHeadline(w)}
          </Badge>
          {!isFinished(w) && (
            <Text size="sm" data-testid="waterfall-progress">
              {w.filled} of {countOf(w.places, 'place')} filled · {countOf(w.open, 'offer')} open
            </Text>
          )}
        </Group>
        <Group gap="xs">
          {(w.actions ?? []).map((a) => (
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
          {w.canAddCandidates && w.placementTemplateId != null && (
            <Button size="xs" variant="default" onClick={() => setDialog('add')}>
              Add candidates
            </Button>
          )}
          {canStartAgain(w) && (
            <Button size="xs" variant="default" onClick={() => setDialog('again')}>
              Start again
            </Button>
          )}
        </Group>
      </Group>
      <Progress
        color={state.colour}
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
      <AddCandidatesModal waterfall={w} opened={dialog === 'add'} onClose={() => setDialog(null)} />
      <StartAgainModal waterfall={w} opened={dialog === 'again'} onClose={() => setDialog(null)} />
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
