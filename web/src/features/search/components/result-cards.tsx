import { Anchor, Avatar, Badge, Button, Checkbox, Group, Paper, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { entityTypeLabel, legalFormLabels } from '@/features/organisations';
import { formatRate } from '@/lib/format';
import { paths } from '@/lib/paths';
import { RestWarning } from '@/ui/rest-warning';
import type { SearchResult, SearchSource } from '../api/search';
import { fullName } from '../rules';

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
          <RestWarning message={r.restWarning} />
        </Stack>
        <View to={paths.editUser(r.id)} label="View User" onLeave={onLeave} />
      </Group>
    </Card>
  );
}

/** A card with a title, its facts and a link to the record. */
function TitledCard({
  title,
  facts,
  link,
}: {
  title: string;
  facts: [string, ReactNode][];
  link: ReactNode;
}) {
  return (
    <Card label={title}>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Text fw={600}>{title}</Text>
          <Facts items={facts} />
        </Stack>
        {link}
      </Group>
    </Card>
  );
}

/** A staff member: the only card with an email. */
export function StaffCard({ result: r, onLeave }: UserCardProps) {
  return (
    <TitledCard
      title={fullName(r)}
      facts={[
        ['Email', r.email],
        ['Entities', names(r.entities, MAX_ENTITIES)],
        ['Departments', names(r.departments, MAX_DEPARTMENTS)],
      ]}
      link={<View to={paths.editUser(r.id)} label="View User" onLeave={onLeave} />}
    />
  );
}

/** Bookings, jobs, departments, entities and legal entities. */
export function RecordCard({ result: r, onLeave }: UserCardProps) {
  // Users have their own cards; a source without a kind here is shown as a legal entity.
  const kind = recordKinds[r.hiveSource as RecordSource] ?? recordKinds.legal_entity;
  const to = kind.to(r.id);
  return (
    <TitledCard
      title={kind.title(r) || `${kind.noun} ${r.id}`}
      facts={[['ID', r.id], ...kind.facts(r)]}
      link={
        r.hiveSource === 'legal_entity' ? (
          <Anchor component={Link} to={to} size="sm" onClick={onLeave}>
            {kind.view}
          </Anchor>
        ) : (
          <View to={to} label={kind.view} onLeave={onLeave} />
        )
      }
    />
  );
}

type RecordSource = Exclude<SearchSource, 'user'>;

/** The facts bookings and jobs share after their ID. */
const bookedFacts = (r: SearchResult): [string, ReactNode][] => [
  ['Reference', r.reference],
  ['Client', r.clientName],
  ['Department', r.departmentName],
];

/** What a record card shows of each source: its title (else noun and id), facts after the ID, View link. */
const recordKinds: Record<
  RecordSource,
  {
    noun: string;
    title: (r: SearchResult) => string | undefined;
    facts: (r: SearchResult) => [string, ReactNode][];
    to: (id: number) => string;
    view: string;
  }
> = {
  booking: {
    noun: 'Booking',
    title: (r) => r.title,
    facts: (r) => [...bookedFacts(r), ['Legacy booking ID', r.legacyBookingId]],
    to: paths.editBooking,
    view: 'View Booking',
  },
  job: {
    noun: 'Job',
    title: (r) => r.title,
    facts: (r) => [
      ...bookedFacts(r),
      ['Legacy job ID', r.legacyJobId],
      ['Agent', r.agent],
      ['Division/Team', r.divisionTeam],
      ['Function', r.function],
    ],
    to: paths.editJobTemplate,
    view: 'View Job',
  },
  department: {
    noun: 'Department',
    title: (r) => r.name,
    facts: (r) => [['Client', r.clientName]],
    to: paths.editDepartment,
    view: 'View Department',
  },
  entity: {
    noun: 'Entity',
    title: (r) => r.name,
    facts: (r) => [['Type', r.type ? entityTypeLabel(r.type) : '']],
    to: paths.editEntity,
    view: 'View Entity',
  },
  legal_entity: {
    noun: 'Legal entity',
    title: (r) => r.name,
    facts: (r) => [['Type', r.type ? (legalFormLabels[r.type] ?? r.type) : '']],
    to: paths.editLegalEntity,
    view: 'View LE',
  },
};
