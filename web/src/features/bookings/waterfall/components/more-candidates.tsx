import { Alert, Checkbox, Modal, ScrollArea, Stack, Text } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { toasts } from '@/lib/errors/catalogue';
import { refusalMessage } from '@/lib/errors/refusal';
import { countOf } from '@/lib/format';
import { notify } from '@/lib/notify';
import { DialogActions } from '@/ui/dialog-actions';
import { RestWarning } from '@/ui/rest-warning';
import {
  useAvailableSuppliers,
  type AvailableSupplier,
} from '@/features/bookings/instructions/api/get-available-suppliers';
import { suppliersWaiting } from '@/features/bookings/instructions/components/suppliers-waiting';
import { useAddWaterfallCandidates } from '../api/add-waterfall-candidates';
import type { Waterfall } from '../rules';
import { OfferInTurnForm } from './offer-in-turn-form';

/**
 * The available suppliers for an offer in turn's placements who may still be offered them: not
 * instructed on them already and not on its list. Loaded while `opened`.
 */
function useNewCandidates(w: Waterfall, opened: boolean) {
  const listed = new Set((w.candidates ?? []).map((c) => c.userId));
  const query = useAvailableSuppliers(
    w.bookingId,
    w.placementTemplateId ?? 0,
    w.placementIds ?? [],
    opened && w.placementTemplateId != null,
  );
  const items = (query.data?.items ?? []).filter(
    (s) => !s.alreadyInstructed && !listed.has(s.user.id),
  );
  return { query, items };
}

/** Waits for the suppliers' read, or says it failed, before showing what needs them. */
function Suppliers({
  query,
  children,
}: {
  query: ReturnType<typeof useNewCandidates>['query'];
  children: ReactNode;
}) {
  return suppliersWaiting(query) ?? <>{children}</>;
}

/**
 * Add candidates: more freelancers after an offer in turn's list, in the order ticked. One that
 * ran out offers to the first of them at once (the server advances it).
 */
export function AddCandidatesModal({
  waterfall: w,
  opened,
  onClose,
}: {
  waterfall: Waterfall;
  opened: boolean;
  onClose: () => void;
}) {
  const { query, items } = useNewCandidates(w, opened);
  const add = useAddWaterfallCandidates();
  const [ticked, setTicked] = useState<number[]>([]);
  const [refusal, setRefusal] = useState<string | null>(null);
  const toggle = (id: number) =>
    setTicked((t) => (t.includes(id) ? t.filter((x) => x !== id) : [...t, id]));
  const close = () => {
    setTicked([]);
    setRefusal(null);
    onClose();
  };
  const submit = () => {
    setRefusal(null);
    add.mutate(
      { id: w.id, userIds: ticked, version: w.version },
      {
        onSuccess: () => {
          notify(toasts.waterfallCandidatesAdded(ticked.length));
          close();
        },
        onError: (err) =>
          setRefusal(refusalMessage(err) ?? 'The candidates could not be added. Try again.'),
      },
    );
  };

  return (
    <Modal opened={opened} onClose={close} title="Add candidates" size="lg">
      <Stack>
        <Text size="sm">
          Ticked freelancers join the end of the list in the order you tick them; the offer passes
          to them in turn.
        </Text>
        <Suppliers query={query}>
          {items.length === 0 ? (
            <Text c="dimmed">No other available supplier can be offered these placements.</Text>
          ) : (
            <ScrollArea.Autosize mah={420} type="auto">
              <Stack gap="xs">
                {items.map((s) => (
                  <Checkbox
                    key={s.user.id}
                    checked={ticked.includes(s.user.id)}
                    onChange={() => toggle(s.user.id)}
                    label={<CandidateLabel supplier={s} rank={ticked.indexOf(s.user.id)} />}
                    aria-label={`Add ${s.user.fullName}`}
                  />
                ))}
              </Stack>
            </ScrollArea.Autosize>
          )}
        </Suppliers>
        {refusal && (
          <Alert color="red" role="alert">
            {refusal}
          </Alert>
        )}
        <DialogActions
          onBack={close}
          backLabel="Close"
          onAction={submit}
          disabled={ticked.length === 0}
          loading={add.isPending}
        >
          Add {ticked.length > 0 ? `(${ticked.length})` : ''}
        </DialogActions>
      </Stack>
    </Modal>
  );
}

function CandidateLabel({ supplier: s, rank }: { supplier: AvailableSupplier; rank: number }) {
  return (
    <Stack gap={2}>
      <Text size="sm">
        {s.user.fullName}
        {rank >= 0 && (
          <Text span c="dimmed" size="xs">
            {' '}
            (added {rank + 1}.)
          </Text>
        )}
      </Text>
      <RestWarning message={s.restWarning} />
    </Stack>
  );
}

/**
 * Start again: a new offer in turn of the same placements, with the same places to fill and
 * limits to start from, to a new list (those offered before cannot be offered them again).
 */
export function StartAgainModal({
  waterfall: w,
  opened,
  onClose,
}: {
  waterfall: Waterfall;
  opened: boolean;
  onClose: () => void;
}) {
  const { query, items } = useNewCandidates(w, opened);
  return (
    <Modal opened={opened} onClose={onClose} title="Start the offer in turn again" size="xl">
      <Stack>
        <Text size="sm">
          A new offer in turn of {countOf((w.placementIds ?? []).length, 'placement')}.
        </Text>
        <Suppliers query={query}>
          <OfferInTurnForm
            bookingId={w.bookingId}
            placementIds={w.placementIds ?? []}
            suppliers={items}
            initial={[]}
            limits={{
              places: w.places,
              openAtOnce: w.openAtOnce,
              offerLifetimeMinutes: w.offerLifetimeMinutes,
            }}
            onBack={onClose}
            onDone={onClose}
          />
        </Suppliers>
      </Stack>
    </Modal>
  );
}
