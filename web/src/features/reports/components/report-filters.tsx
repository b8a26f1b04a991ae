import { SimpleGrid } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useQueryClient } from '@tanstack/react-query';
import { jobBriefsQuery } from '@/features/jobs';
import { searchClients, searchDepartments, searchUsers } from '@/lib/pickers';
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
        <DatePickerInput
          label="Start Date"
          value={state.startDate || null}
          onChange={(v) => onChange({ startDate: v ?? '' })}
          valueFormat="ddd, DD MMM YYYY"
          required
        />
        <DatePickerInput
          label="End Date"
          value={state.endDate || null}
          onChange={(v) => onChange({ endDate: v ?? '' })}
          valueFormat="ddd, DD MMM YYYY"
          error={rangeError}
          required
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <MultiRecordPicker
          kind="client"
          label="Clients"
          placeholder="All clients"
          search={searchClients}
          value={state.clients}
          onChange={(clients) => onChange({ clients })}
          clearable
        />
        <MultiRecordPicker
          kind="department"
          label="Departments"
          placeholder="All departments"
          search={searchDepartments}
          value={state.departments}
          onChange={(departments) => onChange({ departments })}
          clearable
        />
        <MultiRecordPicker
          kind="job-brief"
          label="Jobs"
          placeholder="All jobs"
          search={searchJobs}
          value={state.jobs}
          onChange={(jobs) => onChange({ jobs })}
          clearable
        />
        <MultiRecordPicker
          kind="user"
          label="Users"
          placeholder="All users"
          search={searchUsers}
          value={state.users}
          onChange={(users) => onChange({ users })}
          clearable
        />
      </SimpleGrid>
    </>
  );
}
