import { Alert, Badge, Group, List, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { BOOKING_LOAD_ERROR } from '@/lib/errors/catalogue';
import { useCurrentUser } from '@/lib/current-user';
import { isAdmin } from '@/lib/permissions';
import { PageHeader } from '@/ui/page-header';
import { bookingQueryOptions } from '../api/bookings';
import { placementRows, type Booking } from '../api/types';
import { PlacementsTable, rowKey } from '../components/placements-table';
import { PlacementActions } from '../instructions/placement-actions';
import { colourOf, mantineColour, sortPriority, statusLabel } from '../status/status';

/** /bookings/:id/edit: the booking's placements with their instructions, and its details. */
export function EditBookingRoute() {
  const id = Number(useParams().id);
  const [search] = useSearchParams();
  const highlight = Number(search.get('placementId')) || undefined;
  const user = useCurrentUser();
  const query = useQuery(bookingQueryOptions(id));
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const booking = query.data;
  const rows = useMemo(() => (booking ? placementRows(booking) : []), [booking]);

  if (query.isLoading) return <Loader aria-label="Loading the booking" />;
  if (query.isError || !booking) {
    return (
      <Alert color="red" title="Booking" role="alert">
        {BOOKING_LOAD_ERROR}
      </Alert>
    );
  }
  return (
    <>
      <PageHeader title={booking.title}>
        <Text size="sm">
          Booking {booking.id} · {booking.clientName} · {booking.department.name}
        </Text>
      </PageHeader>
      <Stack>
        <Paper withBorder p="md" component="section" aria-labelledby="placements-heading">
          <Group justify="space-between" mb="sm">
            <Title order={2} size="h4" id="placements-heading">
              Placements
            </Title>
            <PlacementActions
              bookingId={booking.id}
              rows={rows.filter((r) => selected.has(rowKey(r)))}
              canManage={booking.canManage}
              onDone={() => {
                setSelected(new Set());
                void query.refetch();
              }}
            />
          </Group>
          {rows.length === 0 ? (
            <Text>This booking has no placements.</Text>
          ) : (
            <PlacementsTable
              rows={rows}
              selected={selected}
              onSelect={setSelected}
              isAdmin={isAdmin(user)}
              highlightPlacementId={highlight}
            />
          )}
        </Paper>
        <Invitations booking={booking} />
        <Paper withBorder p="md" component="section" aria-labelledby="booking-details">
          <Title order={2} size="h4" id="booking-details" mb="sm">
            Edit Booking
          </Title>
          <List spacing="xs" size="sm">
            <List.Item>
              Type: {booking.type === 'pre_confirmed' ? 'Pre-confirmed' : 'Default'}
            </List.Item>
            <List.Item>Reference: {booking.reference || '—'}</List.Item>
            <List.Item>Direct: {booking.direct ? 'Yes' : 'No'}</List.Item>
            <List.Item>
              Substitution allowed: {booking.substitutionAllowed ? 'Yes' : 'No'}
            </List.Item>
            <List.Item>IR35: {booking.ir35 ? 'Yes' : 'No'}</List.Item>
            <List.Item>
              Dates: {booking.startDate} to {booking.endDate} ({booking.dates?.length ?? 0} days)
            </List.Item>
          </List>
        </Paper>
      </Stack>
    </>
  );
}

/** The Invitations section: each instructed freelancer with their instructions' statuses. */
function Invitations({ booking }: { booking: Booking }) {
  const byUser = new Map<string, { colour: string; priority: number; label: string }[]>();
  for (const p of booking.placements ?? []) {
    for (const i of p.instructions ?? []) {
      const state = { ...i, deleted: Boolean(i.deletedAt) };
      const list = byUser.get(i.fullName) ?? [];
      list.push({
        colour: mantineColour[colourOf(state)],
        priority: sortPriority(state),
        label: `${p.date} ${p.title}: ${statusLabel(i.supplierStatus)} / ${statusLabel(i.clientStatus)}`,
      });
      byUser.set(i.fullName, list);
    }
  }
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="invitations-heading">
      <Title order={2} size="h4" id="invitations-heading" mb="sm">
        Invitations
      </Title>
      {byUser.size === 0 ? (
        <Text size="sm">Nobody has been invited yet.</Text>
      ) : (
        <Stack gap="sm">
          {[...byUser].map(([name, items]) => (
            <div key={name}>
              <Text fw={600}>{name}</Text>
              <Group gap="xs">
                {items
                  .sort((a, b) => a.priority - b.priority)
                  .map((it) => (
                    <Badge key={it.label} color={it.colour} variant="filled" tt="none" autoContrast>
                      {it.label}
                    </Badge>
                  ))}
              </Group>
            </div>
          ))}
        </Stack>
      )}
    </Paper>
  );
}

export { EditBookingRoute as Component };
