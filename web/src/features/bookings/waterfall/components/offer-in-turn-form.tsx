import {
  Badge,
  Checkbox,
  Group,
  NativeSelect,
  NumberInput,
  ScrollArea,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { toasts } from '@/lib/errors/catalogue';
import { notify, refusedSubmit, withServerErrors } from '@/lib/notify';
import { DialogActions } from '@/ui/dialog-actions';
import { RestWarning } from '@/ui/rest-warning';
import { useOffersAwaitAnswer } from '@/features/bookings/instructions/components/answer-by-field';
import type { AvailableSupplier } from '@/features/bookings/instructions/api/get-available-suppliers';
import { availabilityColour, percent } from '@/features/bookings/instructions/rules';
import { useStartWaterfall } from '../api/start-waterfall';
import { moved } from '../rules';
import { MoveButtons, RankedItem, RankNumber } from './ranked-list';

/** The offer lifetimes offered, in minutes, and their labels. */
export const LIFETIMES: { value: string; label: string }[] = [
  { value: '30', label: '30 minutes' },
  { value: '60', label: '1 hour' },
  { value: '120', label: '2 hours' },
  { value: '240', label: '4 hours' },
  { value: '480', label: '8 hours' },
  { value: '720', label: '12 hours' },
  { value: '1440', label: '24 hours' },
  { value: '2880', label: '48 hours' },
];

/**
 * The Invite dialog's choice between offering to everyone ticked and offering in turn; shown
 * only for bookings whose offers wait for an answer (the server refuses a waterfall otherwise).
 */
export function OfferModeControl({
  bookingId,
  value,
  onChange,
}: {
  bookingId: number;
  value: string;
  onChange: (mode: string) => void;
}) {
  if (!useOffersAwaitAnswer(bookingId)) return null;
  return (
    <SegmentedControl
      value={value}
      onChange={onChange}
      aria-label="How to offer"
      data={[
        { value: 'all', label: 'Offer to all' },
        { value: 'turn', label: 'Offer in turn' },
      ]}
    />
  );
}

interface Values {
  places: number | string;
  openAtOnce: number | string;
  offerLifetimeMinutes: string;
}

interface Props {
  bookingId: number;
  placementIds: number[];
  /** The suppliers that may be invited, in the available-suppliers ranking's order. */
  suppliers: AvailableSupplier[];
  /** Who starts on the list (ticked in Offer to all, or carried from search). */
  initial: number[];
  /** The limits to start from (an offer in turn started again); 1 place, 1 open, 4 hours without. */
  limits?: { places: number; openAtOnce: number; offerLifetimeMinutes: number };
  onBack: () => void;
  onDone: () => void;
}

/**
 * Offer in turn: a ranked list built from the available suppliers (tick to add, move up and down
 * by button, so by keyboard too), how many places to fill, how many offers open at once and how
 * long each offer stays open. The server starts it and makes the first offers.
 */
export function OfferInTurnForm({
  bookingId,
  placementIds,
  suppliers,
  initial,
  limits,
  onBack,
  onDone,
}: Props) {
  const [ranked, setRanked] = useState<number[]>(() =>
    suppliers.map((s) => s.user.id).filter((id) => initial.includes(id)),
  );
  const form = useForm<Values>({
    initialValues: {
      places: limits?.places ?? 1,
      openAtOnce: limits?.openAtOnce ?? 1,
      offerLifetimeMinutes: LIFETIMES.some((l) => Number(l.value) === limits?.offerLifetimeMinutes)
        ? String(limits?.offerLifetimeMinutes)
        : '240',
    },
  });
  const start = useStartWaterfall();
  const byId = new Map(suppliers.map((s) => [s.user.id, s]));
  const others = suppliers.filter((s) => !ranked.includes(s.user.id));

  const toggle = (id: number) =>
    setRanked((r) => (r.includes(id) ? r.filter((x) => x !== id) : [...r, id]));

  const save = withServerErrors(form, async (v: Values) => {
    const places = Number(v.places);
    await start.mutateAsync({
      bookingId,
      placementIds,
      userIds: ranked,
      places,
      openAtOnce: Number(v.openAtOnce),
      offerLifetimeMinutes: Number(v.offerLifetimeMinutes),
    });
    notify(toasts.waterfallStarted(places, ranked.length));
    onDone();
  });

  return (
    <form onSubmit={form.onSubmit(save, refusedSubmit)} aria-label="Offer in turn">
      <Stack>
        <Text size="sm">
          The offer goes to the first freelancers on the list; a decline or an offer left unanswered
          passes it to the next.
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <NumberInput label="Places to fill" min={1} {...form.getInputProps('places')} />
          <NumberInput label="Offers open at once" min={1} {...form.getInputProps('openAtOnce')} />
          <NativeSelect
            label="Each offer expires after"
            data={LIFETIMES}
            {...form.getInputProps('offerLifetimeMinutes')}
          />
        </SimpleGrid>
        <ScrollArea.Autosize mah={420} type="auto">
          <Stack gap="xs">
            <Text fw={500} size="sm" id="ranked-heading">
              Offer in this order ({ranked.length})
            </Text>
            {ranked.length === 0 ? (
              <Text size="sm" c="dimmed">
                Tick freelancers below to add them to the list.
              </Text>
            ) : (
              <Stack component="ol" gap={4} aria-labelledby="ranked-heading" m={0} p={0}>
                {ranked.map((id, i) => (
                  <RankedRow
                    key={id}
                    rank={i + 1}
                    supplier={byId.get(id)}
                    first={i === 0}
                    last={i === ranked.length - 1}
                    onRemove={() => toggle(id)}
                    onMove={(by) => setRanked((r) => moved(r, i, by))}
                  />
                ))}
              </Stack>
            )}
            {form.errors.userIds && (
              <Text size="sm" c="red" role="alert">
                {form.errors.userIds}
              </Text>
            )}
            {others.length > 0 && (
              <Text fw={500} size="sm" mt="sm">
                Available suppliers
              </Text>
            )}
            {others.map((s) => (
              <Checkbox
                key={s.user.id}
                checked={false}
                onChange={() => toggle(s.user.id)}
                label={<SupplierLabel supplier={s} />}
                aria-label={`Add ${s.user.fullName} to the list`}
              />
            ))}
          </Stack>
        </ScrollArea.Autosize>
        <DialogActions
          onBack={onBack}
          backLabel="Close"
          disabled={ranked.length === 0}
          loading={start.isPending}
        >
          Start offers {ranked.length > 0 ? `(${ranked.length})` : ''}
        </DialogActions>
      </Stack>
    </form>
  );
}

function SupplierLabel({ supplier: s }: { supplier: AvailableSupplier }) {
  const colour = s.availabilityColour || availabilityColour(s.availability);
  return (
    <Stack gap={2}>
      <Group gap="xs" wrap="nowrap">
        <Text size="sm">{s.user.fullName}</Text>
        <Badge color={colour} variant="dot" size="sm">
          {percent(s.availability)}
        </Badge>
      </Group>
      <RestWarning message={s.restWarning} />
    </Stack>
  );
}

function RankedRow({
  rank,
  supplier,
  first,
  last,
  onRemove,
  onMove,
}: {
  rank: number;
  supplier?: AvailableSupplier;
  first: boolean;
  last: boolean;
  onRemove: () => void;
  onMove: (by: -1 | 1) => void;
}) {
  const name = supplier?.user.fullName ?? 'Freelancer';
  return (
    <RankedItem aria-label={`${rank}. ${name}`}>
      <Group justify="space-between" wrap="nowrap">
        <Group gap="xs" wrap="nowrap">
          <Checkbox checked onChange={onRemove} aria-label={`Remove ${name} from the list`} />
          <RankNumber rank={rank} />
          {supplier ? <SupplierLabel supplier={supplier} /> : <Text size="sm">{name}</Text>}
        </Group>
        <Group gap={4} wrap="nowrap">
          <MoveButtons name={name} upDisabled={first} downDisabled={last} onMove={onMove} />
        </Group>
      </Group>
    </RankedItem>
  );
}
