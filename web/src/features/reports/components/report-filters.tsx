import { SimpleGrid } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { jobBriefsQuery } from '@/features/jobs';
import { searchClients, searchDepartments, searchUsers } from '@/lib/pickers';
import { DateInput } from '@/ui/date-input';
import { MultiRecordPicker } from '@/ui/multi-record-picker';
import type { PickerOption } from '@/ui/record-picker';

/** The report state (spec part 2 §3): the range and the four filters, as picked. */
export interface ReportState {
  startDate: string;
  endDate: string;
  clients: PickerOption[];
  departments: PickerOption[];
  jobs: PickerOption[];
  users: PickerOption[];
}

interface Props {
  state: ReportState;
  onChange: (next: Partial<ReportState>) => void;
  rangeError: string | null;
}

type FilterKey = 'clients' | 'departments' | 'jobs' | 'users';

/** The four record filters, in their order on the page (jobs search the caller's job briefs). */
const pickers: {
  key: FilterKey;
  kind: string;
  label: string;
  placeholder: string;
  search?: (term: string) => Promise<PickerOption[]>;
}[] = [
  {
    key: 'clients',
    kind: 'client',
    label: 'Clients',
    placeholder: 'All clients',
    search: searchClients,
  },
  {
    key: 'departments',
    kind: 'department',
    label: 'Departments',
    placeholder: 'All departments',
    search: searchDepartments,
  },
  { key: 'jobs', kind: 'job-brief', label: 'Jobs', placeholder: 'All jobs' },
  { key: 'users', kind: 'user', label: 'Users', placeholder: 'All users', search: searchUsers },
];

/** The date range and the filters for clients, departments, jobs and users. */
export function ReportFilters({ state, onChange, rangeError }: Props) {
  const qc = useQueryClient();
  // Job templates the caller may book from, filtered by title here (the list is short).
  const searchJobs = async (term: string): Promise<PickerOption[]> => {
    const briefs = await qc.fetchQuery(jobBriefsQuery());
    const t = term.trim().toLowerCase();
    return (briefs ?? [])
      .filter((b) => !t || b.title.toLowerCase().includes(t))
      .slice(0, 20)
      .map((b) => ({
        value: String(b.id),
        label: b.entityName ? `${b.title} (${b.entityName})` : b.title,
      }));
  };
  return (
    <>
      <SimpleGrid cols={{ base: 1, xs: 2 }}>
        <DateInput
          label="Start Date"
          value={state.startDate || null}
          onChange={(v) => onChange({ startDate: v ?? '' })}
          valueFormat="ddd, DD MMM YYYY"
          required
        />
        <DateInput
          label="End Date"
          value={state.endDate || null}
          onChange={(v) => onChange({ endDate: v ?? '' })}
          valueFormat="ddd, DD MMM YYYY"
          error={rangeError}
          required
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {pickers.map(({ key, search, ...picker }) => (
          <MultiRecordPicker
            key={key}
            {...picker}
            search={search ?? searchJobs}
            value={state[key]}
            onChange={(picked) => onChange({ [key]: picked })}
            clearable
          />
        ))}
      </SimpleGrid>
    </>
  );
}
