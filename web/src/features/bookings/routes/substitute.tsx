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
import { useMemo, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { bookingSelectionWarnings, toasts } from '@/lib/errors/catalogue';
import { notify, notifyError } from '@/lib/notify';
import { paths } from '@/lib/paths';
import { PageHeader } from '@/ui/page-header';
import {
  availableSubstitutesQuery,
  useGrantSubstitution,
  type AvailableSubstitute,
} from '../instructions/api';
import { matchesSubstitute } from '../instructions/rules';

const positiveId = (v: string | null | undefined) => {
  const n = Number(v);
  return Number.isInteger(n) && n > 0 ? n : undefined;
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
    return (
      <Alert color="red" title="Could not load the available substitutes">
        <Button size="xs" variant="light" onClick={() => void query.refetch()}>
          Retry
        </Button>
      </Alert>
    );
  }
  if (items.length === 0) {
    return <Text c="dimmed">{bookingSelectionWarnings.noSubstitutes}</Text>;
  }

  const mismatched = chosen.map((id) => byId.get(id)).filter(isMismatch);
  const submit = () =>
    grant.mutate(
      { placementId, userIds: chosen.map(Number), id: instructionId },
      {
        onSuccess: () => {
          notify(toasts.substitutionAccepted);
          void navigate(paths.agenda);
        },
        onError: notifyError,
      },
    );

  return (
    <Card withBorder>
      <Stack>
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
          <Button variant="default" onClick={() => void navigate(-1)}>
            Back
          </Button>
          <Button onClick={submit} disabled={chosen.length === 0} loading={grant.isPending}>
            Substitute
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

function label(s: AvailableSubstitute): string {
  return s.user.email ? `${s.user.fullName} (${s.user.email})` : s.user.fullName;
}

function isMismatch(s: AvailableSubstitute | undefined): s is AvailableSubstitute {
  return !!s && s.incumbentHasSameVatStatus === false;
}

export { SubstituteRoute as Component };
