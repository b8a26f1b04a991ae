import { Button, Paper, SimpleGrid, Stack, Title } from '@mantine/core';
import { api, unwrap } from '@/api/client';
import { STATUS_COLOURS, colourLabel } from '@/lib/status/status';
import { searchClients, searchDepartments, searchUsers } from '@/lib/pickers';
import type { PickerOption } from '@/ui/record-picker';
import { emptyFilters, filterCount, type FilterSet, type IdFilter } from '../rules';
import { Bookmarks } from './bookmarks';
import { TagPicker } from './tag-picker';

const statusOptions: PickerOption[] = STATUS_COLOURS.map((c) => ({
  value: c,
  label: `${c.charAt(0).toUpperCase()}${c.slice(1)} (${colourLabel[c]})`,
}));

/** Job templates the caller may book from, filtered by the term in the browser (one list). */
async function searchJobTemplates(term: string): Promise<PickerOption[]> {
  const briefs = await unwrap(api.GET('/job/brief'));
  const t = term.toLowerCase();
  return (briefs ?? [])
    .filter((b) => !t || b.title.toLowerCase().includes(t))
    .map((b) => ({ value: String(b.id), label: `${b.title} (${b.entityName})` }));
}

const idPickers: {
  key: IdFilter;
  label: string;
  kind: string;
  search: (t: string) => Promise<PickerOption[]>;
}[] = [
  { key: 'clientIds', label: 'Client', kind: 'entity:client', search: searchClients },
  { key: 'departmentIds', label: 'Department', kind: 'department', search: searchDepartments },
  { key: 'userIds', label: 'User', kind: 'user', search: searchUsers },
  { key: 'jobTemplateIds', label: 'Job Template', kind: 'job-brief', search: searchJobTemplates },
];

interface Props {
  filters: FilterSet;
  onChange: (filters: FilterSet) => void;
  /** In the narrow column beside the calendar (wide screens): one field a row. */
  stacked?: boolean;
}

/** The scheduler's filters and bookmarks (spec part 2 §2 'Filter panel'). */
export function FilterPanel({ filters, onChange, stacked = false }: Props) {
  return (
    <Paper withBorder p="sm" component="section" aria-labelledby="scheduler-filters">
      <Stack gap="sm">
        <Title order={2} size="h5" id="scheduler-filters">
          Filters
        </Title>
        <Bookmarks filters={filters} onApply={onChange} />
        <SimpleGrid cols={stacked ? 1 : { base: 1, sm: 2, lg: 3 }} spacing="sm">
          {idPickers.map((p) => (
            <TagPicker
              key={p.key}
              label={p.label}
              kind={p.kind}
              options={p.search}
              value={filters[p.key].map(String)}
              onChange={(v) => onChange({ ...filters, [p.key]: v.map(Number) })}
            />
          ))}
          <TagPicker
            label="Status"
            kind="status"
            options={statusOptions}
            value={filters.placementStatuses}
            onChange={(v) =>
              onChange({
                ...filters,
                placementStatuses: STATUS_COLOURS.filter((c) => v.includes(c)),
              })
            }
          />
        </SimpleGrid>
        <Button
          size="xs"
          variant="subtle"
          disabled={filterCount(filters) === 0}
          onClick={() => onChange(emptyFilters())}
          style={{ alignSelf: 'flex-start' }}
        >
          Clear filters
        </Button>
      </Stack>
    </Paper>
  );
}
