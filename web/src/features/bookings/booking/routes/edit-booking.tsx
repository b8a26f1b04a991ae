import { Alert, Button, Group, Loader, Stack, Switch, Text } from '@mantine/core';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { AuditButton } from '@/features/audit';
import { useCurrentUser } from '@/lib/current-user';
import { useRecordQuery } from '@/lib/record-query';
import { BOOKING_LOAD_ERROR, bookingSelectionWarnings, toasts } from '@/lib/errors/catalogue';
import { notify } from '@/lib/notify';
import { isAdmin } from '@/lib/permissions';
import { PageHeader } from '@/ui/page-header';
import { SectionCard } from '@/ui/section-card';
import { useAmendPlacements } from '../api/amend-placements';
import { useCancelPlacements } from '../api/cancel-placements';
import { bookingQueryOptions } from '../api/get-booking';
import {
  listedRows,
  placementRows,
  placementsOf,
  type Placement,
  type PlacementRow,
  actionButton,
  amendMessages,
} from '../rules';
import { AmendPlacementsModal } from '../components/amend-placements-modal';
import { CancelPlacementsModal } from '../components/cancel-placements-modal';
import { ChangesSection } from '../components/changes-section';
import { EditBookingSection } from '../components/edit-booking-section';
import { InvitationsSection } from '../components/invitations-section';
import { PlacementVersionsModal } from '../components/placement-versions-modal';
import { PlacementsGrid, type PlacementsGridHandle } from '../components/placements-grid';
import { HoldsSection } from '@/features/bookings/holds/components/holds-section';
import { PlacementActions } from '@/features/bookings/instructions/components/placement-actions';
import { WaterfallPanel } from '@/features/bookings/waterfall/components/waterfall-panel';

type Dialog =
  | { kind: 'amend'; placements: Placement[] }
  | { kind: 'cancel'; placementIds: number[] }
  | { kind: 'versions'; placement: Placement }
  | null;

const warn = (message: string) => notify(toasts.bookingWarning(message));

/** What the Substitute page hands the booking page on success: the sentence to show. */
export interface SubstitutionLanding {
  substitution: string;
}

/** /bookings/:id/edit: sections Placements, Invitations and Edit Booking (spec part 2 §2). */
export function EditBookingRoute() {
  const [search] = useSearchParams();
  const landing = useLocation().state as SubstitutionLanding | null;
  const highlight = Number(search.get('placementId')) || undefined;
  const user = useCurrentUser();
  const { query } = useRecordQuery(bookingQueryOptions);
  const booking = query.data;
  const rows = useMemo(() => (booking ? placementRows(booking) : []), [booking]);
  // The grid lists what the placement group display rule shows unless asked for every row.
  const [everyRow, setEveryRow] = useState(false);
  const listed = useMemo(() => listedRows(rows), [rows]);
  const gridRows = everyRow ? rows : listed.rows;
  const [selected, setSelected] = useState<PlacementRow[]>([]);
  const [dialog, setDialog] = useState<Dialog>(null);
  const grid = useRef<PlacementsGridHandle>(null);
  const amend = useAmendPlacements();
  const cancel = useCancelPlacements();

  const showVersions = useCallback(
    (placement: Placement) => setDialog({ kind: 'versions', placement }),
    [],
  );
  const done = useCallback(() => {
    grid.current?.clearSelection();
    setSelected([]);
    void query.refetch();
  }, [query]);

  if (query.isPending && query.fetchStatus !== 'idle') {
    return <Loader aria-label="Loading the booking" />;
  }
  if (query.isError || !booking) {
    return (
      <Alert color="red" title="Booking" role="alert">
        {BOOKING_LOAD_ERROR}
      </Alert>
    );
  }

  // Amend and cancel act on the live placements of the selected rows.
  const livePlacements = () => {
    if (selected.length === 0) {
      warn(bookingSelectionWarnings.noRows);
      return null;
    }
    const placements = placementsOf(selected).filter((p) => !p.deletedAt);
    if (placements.length === 0) {
      warn(amendMessages.cancelledPlacements);
      return null;
    }
    return placements;
  };

  return (
    <>
      <PageHeader title={booking.title}>
        <Group gap="sm" wrap="wrap">
          <Text size="sm">
            Booking {booking.id} · {booking.clientName} · {booking.department.name}
          </Text>
          <AuditButton kind="bookings" id={booking.id} />
        </Group>
      </PageHeader>
      <Stack>
        {landing?.substitution && (
          <Alert color="blue" title="Substitution Accepted" role="status">
            {landing.substitution}
          </Alert>
        )}
        <ChangesSection booking={booking} />
        <SectionCard
          headingId="placements-heading"
          title="Placements"
          action={
            <Text size="sm" c="dimmed">
              Times in {booking.department.timezone} · {selected.length} selected
            </Text>
          }
        >
          <Group gap="xs" wrap="wrap" align="center">
            <PlacementActions
              bookingId={booking.id}
              allRows={rows}
              rows={selected}
              canManage={booking.canManage}
              onDone={done}
            />
            {booking.canManage && (
              <Group gap="xs" role="toolbar" aria-label="Placement changes">
                <Button
                  {...actionButton.neutral}
                  onClick={() => {
                    const placements = livePlacements();
                    if (placements) setDialog({ kind: 'amend', placements });
                  }}
                >
                  Amend Placements
                </Button>
                <Button
                  {...actionButton.danger}
                  onClick={() => {
                    const placements = livePlacements();
                    if (placements) {
                      setDialog({ kind: 'cancel', placementIds: placements.map((p) => p.id) });
                    }
                  }}
                >
                  Cancel Placements
                </Button>
              </Group>
            )}
          </Group>
          {listed.left > 0 && (
            <Switch
              checked={everyRow}
              onChange={(e) => setEveryRow(e.currentTarget.checked)}
              label={`Show every offer (${listed.left} cancelled or left out)`}
            />
          )}
          {rows.length === 0 ? (
            <Text size="sm">This booking has no placements.</Text>
          ) : (
            <PlacementsGrid
              ref={grid}
              rows={gridRows}
              isAdmin={isAdmin(user)}
              onSelectionChange={setSelected}
              highlightPlacementId={highlight}
              onShowVersions={showVersions}
            />
          )}
        </SectionCard>
        {booking.canManage && <WaterfallPanel bookingId={booking.id} />}
        <HoldsSection booking={booking} />
        <InvitationsSection booking={booking} />
        <EditBookingSection key={booking.version} booking={booking} />
      </Stack>
      {dialog?.kind === 'amend' && (
        <AmendPlacementsModal
          placements={dialog.placements}
          onClose={() => setDialog(null)}
          onSubmit={(body) => amend.mutateAsync(body)}
          onDone={done}
        />
      )}
      {dialog?.kind === 'cancel' && (
        <CancelPlacementsModal
          placementIds={dialog.placementIds}
          onClose={() => setDialog(null)}
          onSubmit={(body) => cancel.mutateAsync(body)}
          onDone={done}
        />
      )}
      {dialog?.kind === 'versions' && (
        <PlacementVersionsModal placement={dialog.placement} onClose={() => setDialog(null)} />
      )}
    </>
  );
}

export { EditBookingRoute as Component };
