import { Anchor, Avatar, Badge, Button, Checkbox, Group, Paper, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { entityTypeLabel, legalFormLabels } from '@/features/organisations';
import { formatRate } from '@/lib/format';
import { paths } from '@/lib/paths';
import type { SearchResult } from '../api/search';
import { fullName } from '../state/results';

/** The card limits of spec part 1 §2. */
const MAX_ENTITIES = 5;
const MAX_DEPARTMENTS = 5;
const MAX_JOB_TITLES = 3;

/** Label: value lines of a card, skipping empty values. */
function Facts({ items }: { items: [string, ReactNode][] }) {
  const shown = items.filter(([, v]) => v !== undefined && v !== null && v !== '');
  if (shown.length === 0) return null;
  return (
    <Stack gap={2}>
      {shown.map(([label, value]) => (
        <Text size="sm" key={label}>
          <Text span c="dimmed" size="sm">
            {label}:{' '}
          </Text>
          {value}
        </Text>
      ))}
    </Stack>
  );
}

const names = (refs: { name: string }[] | null | undefined, max: number) =>
  (refs ?? [])
    .slice(0, max)
    .map((r) => r.name)
    .join(', ');

/** A View button to a record's edit route; leaving the panel closes it. */
function View({ to, label, onLeave }: { to: string; label: string; onLeave: () => void }) {
  return (
    <Button component={Link} to={to} size="xs" variant="light" onClick={onLeave}>
      {label}
    </Button>
  );
}

function Card({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Paper withBorder p="sm" component="article" aria-label={label}>
      {children}
    </Paper>
  );
}

interface UserCardProps {
  result: SearchResult;
  onLeave: () => void;
}

/** A freelancer: a selection checkbox, photo, job titles, rate, place, entities, departments. */
export function FreelancerCard({
  result: r,
  selected,
  onToggle,
  onLeave,
}: UserCardProps & { selected: boolean; onToggle: () => void }) {
  const name = fullName(r);
  const titles = (r.jobTitles ?? []).slice(0, MAX_JOB_TITLES);
  return (
    <Card label={name}>
      <Group align="flex-start" wrap="nowrap" gap="sm">
        <Checkbox mt={4} checked={selected} onChange={onToggle} aria-label={`Select ${name}`} />
        <Avatar src={r.profile_image_url || null} alt="" radius="xl" size="md">
          {name.slice(0, 1)}
        </Avatar>
        <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
          <Group gap="xs" wrap="wrap">
            <Text fw={600}>{name}</Text>
            {r.preferred && <Badge variant="outline">Preferred</Badge>}
          </Group>
          {titles.length > 0 && (
            <Group gap={4} wrap="wrap" aria-label="Job titles">
              {titles.map((t) => (
                <Badge key={t} variant="outline" color="dark" tt="none">
                  {t}
                </Badge>
              ))}
            </Group>
          )}
          <Facts
            items={[
              ['Day rate', formatRate(r.dayRate)],
              [
                'Business type',
                r.businessType ? (legalFormLabels[r.businessType] ?? r.businessType) : '',
              ],
              ['Location', r.location_name],
              [
                'Distance',
                r.distanceMiles !== undefined ? `${Math.round(r.distanceMiles)} miles` : '',
              ],
              ['Entities', names(r.entities, MAX_ENTITIES)],
              ['Departments', names(r.departments, MAX_DEPARTMENTS)],
            ]}
          />
        </Stack>
        <View to={paths.editUser(r.id)} label="View User" onLeave={onLeave} />
      </Group>
    </Card>
  );
}

/** A staff member: the only card with an email. */
export function StaffCard({ result: r, onLeave }: UserCardProps) {
  const name = fullName(r);
  return (
    <Card label={name}>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Text fw={600}>{name}</Text>
          <Facts
            items={[
              ['Email', r.email],
              ['Entities', names(r.entities, MAX_ENTITIES)],
              ['Departments', names(r.departments, MAX_DEPARTMENTS)],
            ]}
          />
        </Stack>
        <View to={paths.editUser(r.id)} label="View User" onLeave={onLeave} />
      </Group>
    </Card>
  );
}

/** Bookings, jobs, departments, entities and legal entities. */
export function RecordCard({ result: r, onLeave }: UserCardProps) {
  const body = recordBody(r);
  return (
    <Card label={body.title}>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Text fw={600}>{body.title}</Text>
          <Facts items={body.facts} />
        </Stack>
        {r.hiveSource === 'legal_entity' ? (
          <Anchor component={Link} to={paths.editLegalEntity(r.id)} size="sm" onClick={onLeave}>
            View LE
          </Anchor>
        ) : (
          <View to={body.to} label={body.view} onLeave={onLeave} />
        )}
      </Group>
    </Card>
  );
}

function recordBody(r: SearchResult): {
  title: string;
  facts: [string, ReactNode][];
  to: string;
  view: string;
} {
  switch (r.hiveSource) {
    case 'booking':
      return {
        title: r.title || `Booking ${r.id}`,
        facts: [
          ['ID', r.id],
          ['Reference', r.reference],
          ['Client', r.clientName],
          ['Department', r.departmentName],
          ['Legacy booking ID', r.legacyBookingId],
        ],
        to: paths.editBooking(r.id),
        view: 'View Booking',
      };
    case 'job':
      return {
        title: r.title || `Job ${r.id}`,
        facts: [
          ['ID', r.id],
          ['Reference', r.reference],
          ['Client', r.clientName],
          ['Department', r.departmentName],
          ['Legacy job ID', r.legacyJobId],
          ['Agent', r.agent],
          ['Division/Team', r.divisionTeam],
          ['Function', r.function],
        ],
        to: paths.editJobTemplate(r.id),
        view: 'View Job',
      };
    case 'department':
      return {
        title: r.name || `Department ${r.id}`,
        facts: [
          ['ID', r.id],
          ['Client', r.clientName],
        ],
        to: paths.editDepartment(r.id),
        view: 'View Department',
      };
    case 'entity':
      return {
        title: r.name || `Entity ${r.id}`,
        facts: [
          ['ID', r.id],
          ['Type', r.type ? entityTypeLabel(r.type) : ''],
        ],
        to: paths.editEntity(r.id),
        view: 'View Entity',
      };
    default:
      return {
        title: r.name || `Legal entity ${r.id}`,
        facts: [
          ['ID', r.id],
          ['Type', r.type ? (legalFormLabels[r.type] ?? r.type) : ''],
        ],
        to: paths.editLegalEntity(r.id),
        view: 'View LE',
      };
  }
}
