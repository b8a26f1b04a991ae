import {
  Alert,
  Button,
  Card,
  Group,
  Loader,
  MultiSelect,
  Stack,
  Text,
  type ComboboxItem,
  type OptionsFilter,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState, type ReactNode } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { isApiError } from '@/api/errors';
import { bookingSelectionWarnings, toasts } from '@/lib/errors/catalogue';
import { notifyRefusal, refusalMessage } from '@/lib/errors/refusal';
import { formatDate } from '@/lib/format';
import { notify } from '@/lib/notify';
import { waitingFor } from '@/lib/status/status';
import { isRecordId, paths } from '@/lib/paths';
import { PageHeader } from '@/ui/page-header';
import {
  availableSubstitutesQuery,
  type AvailableSubstitute,
} from '../api/get-available-substitutes';
import {
  useGrantSubstitution,
  type SubstitutionFor,
  type SubstitutionResult,
} from '../api/grant-substitution';
import type { SubstitutionLanding } from '@/features/bookings/booking/routes/edit-booking';
import { matchesSubstitute } from '../rules';

const positiveId = (v: string | null | undefined) => {
  const n = Number(v);
  return isRecordId(n) ? n : undefined;
};

/** Substitute page (spec part 2 §2): the id is the placement id; ?instructionId= the incumbent. */
export function SubstituteRoute() {
  const placementId = positiveId(useParams().id);
  const [search] = useSearchParams();
  const instructionId = positiveId(search.get('instructionId'));
  return (
    <Stack maw={720}>
      <PageHeader title="Substitute" />
      {placementId === undefined ? (
        <Alert color="red" title="Missing placement">
          This page needs a placement id.
        </Alert>
      ) : (
        <SubstituteForm placementId={placementId} instructionId={instructionId} />
      )}
    </Stack>
  );
}

function SubstituteForm({
  placementId,
  instructionId,
}: {
  placementId: number;
  instructionId?: number;
}) {
  const navigate = useNavigate();
  const query = useQuery(availableSubstitutesQuery(placementId, instructionId));
  const grant = useGrantSubstitution();
  const [chosen, setChosen] = useState<string[]>([]);
  const items = useMemo(() => query.data?.items ?? [], [query.data]);
  const byId = useMemo(() => new Map(items.map((s) => [String(s.userId), s])), [items]);

  const filter: OptionsFilter = ({ options, search }) =>
    (options as ComboboxItem[]).filter((o) => {
      const s = byId.get(o.value);
      return s ? matchesSubstitute(s, search) : false;
    });

  if (query.isPending) {
    return (
      <Group justify="center" p="lg">
        <Loader aria-label="Loading substitutes" />
      </Group>
    );
  }
  if (query.isError) {
    // A refusal (4xx) says why in the server's words ('This booking does not allow
    // substitution.'): asking again would not change it, so only a failure offers Retry.
    const reason = refusalMessage(query.error);
    const refused =
      isApiError(query.error) && query.error.status >= 400 && query.error.status < 500;
    return (
      <Alert color="red" role="alert" title="Substitution is not possible">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{reason ?? 'The available substitutes could not be loaded.'}</Text>
          <Group gap="xs">
            {!refused && (
              <Button size="xs" variant="light" onClick={() => void query.refetch()}>
                Retry
              </Button>
            )}
            <Button size="xs" variant="default" onClick={() => void navigate(-1)}>
              Back
            </Button>
          </Group>
        </Stack>
      </Alert>
    );
  }
  const target = query.data.for;
  const bookingPath = paths.editBooking(target.bookingId, target.placementId);
  const backToBooking = (
    <Button variant="default" component={Link} to={bookingPath}>
      Back to the booking
    </Button>
  );
  if (items.length === 0) {
    return (
      <Stack>
        <SubstitutionTarget target={target} />
        <Text c="dimmed">{bookingSelectionWarnings.noSubstitutes}</Text>
        <Group>{backToBooking}</Group>
      </Stack>
    );
  }

  const mismatched = chosen.map((id) => byId.get(id)).filter(isMismatch);
  const submit = () =>
    grant.mutate(
      { placementId, userIds: chosen.map(Number), id: instructionId ?? target.instructionId },
      {
        onSuccess: (res) => {
          notify(toasts.substitutionAccepted);
          void navigate(bookingPath, { state: landingState(target, res.instruction) });
        },
        onError: notifyRefusal,
      },
    );

  return (
    <Card withBorder>
      <Stack>
        <SubstitutionTarget target={target} />
        <MultiSelect
          label="Substitutes"
          description="Search by first name, last name or email"
          placeholder={chosen.length ? undefined : 'Choose substitutes'}
          data={items.map((s) => ({ value: String(s.userId), label: label(s) }))}
          value={chosen}
          onChange={setChosen}
          filter={filter}
          searchable
          clearable
          nothingFoundMessage={bookingSelectionWarnings.noSubstitutes}
        />
        {mismatched.length > 0 && (
          <Alert color="yellow" title={bookingSelectionWarnings.vatMismatch} role="status">
            {mismatched.map((s) => s.user.fullName).join(', ')}
          </Alert>
        )}
        <Group justify="flex-end">
          {backToBooking}
          <Button onClick={submit} disabled={chosen.length === 0} loading={grant.isPending}>
            Substitute
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/** Which booking, placement, date and person the substitution is for. */
function SubstitutionTarget({ target }: { target: SubstitutionFor }) {
  return (
    <div role="group" aria-label="Substitution for">
      <Stack component="dl" gap={2} m={0}>
        <Fact label="Booking">
          {target.bookingId} · {target.bookingTitle}
        </Fact>
        <Fact label="Placement">
          {target.placementTitle} on {formatDate(target.date)}
        </Fact>
        <Fact label="Replacing">{target.fullName}</Fact>
      </Stack>
    </div>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Group gap={6} wrap="wrap">
      <Text component="dt" size="sm" fw={600}>
        {label}:
      </Text>
      <Text component="dd" size="sm" m={0}>
        {children}
      </Text>
    </Group>
  );
}

/**
 * What the booking page says on arrival: who replaces whom, and who must answer next.
 */
function landingState(
  target: SubstitutionFor,
  sub: SubstitutionResult['instruction'],
): SubstitutionLanding | undefined {
  if (!sub) return undefined;
  const name = sub.fullName || sub.user.fullName;
  const next =
    waitingFor({ ...sub, deleted: Boolean(sub.deletedAt) }, name) ??
    'Nobody needs to answer: the substitution is confirmed';
  return {
    substitution: `${name} replaces ${target.fullName} on ${target.placementTitle}, ${formatDate(target.date)}. ${next}.`,
  };
}

function label(s: AvailableSubstitute): string {
  return s.user.email ? `${s.user.fullName} (${s.user.email})` : s.user.fullName;
}

function isMismatch(s: AvailableSubstitute | undefined): s is AvailableSubstitute {
  return !!s && s.incumbentHasSameVatStatus === false;
}

export { SubstituteRoute as Component };
