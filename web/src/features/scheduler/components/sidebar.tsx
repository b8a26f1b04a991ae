import { Tabs } from '@mantine/core';
import type { IsoDate, SelectionMode } from '@/features/bookings';
import { useCurrentUser } from '@/lib/current-user';
import { isAdmin, isClientManager, isDepartmentManager, isFreelancer } from '@/lib/permissions';
import type { FilterSet } from '../rules';
import { AvailabilityTab } from './availability-tab';
import { CreateTab } from './create-tab';
import { DetailsTab } from './details-tab';
import { JobTab } from './job-tab';

interface Props {
  selected: IsoDate[];
  mode: SelectionMode;
  filters: FilterSet;
}

/** The sidebar's tabs, by role (spec part 2 §2 'Scheduler page'). */
export function SchedulerSidebar({ selected, mode, filters }: Props) {
  const user = useCurrentUser();
  const canCreate = isDepartmentManager(user);
  const freelancer = isFreelancer(user);
  const jobs = isClientManager(user) || isAdmin(user);
  return (
    <Tabs defaultValue="details" keepMounted={false}>
      <Tabs.List>
        <Tabs.Tab value="details">Details</Tabs.Tab>
        {canCreate && <Tabs.Tab value="create">Create Booking</Tabs.Tab>}
        {freelancer && <Tabs.Tab value="availability">Mark Availability</Tabs.Tab>}
        {jobs && <Tabs.Tab value="job">Job</Tabs.Tab>}
      </Tabs.List>
      <Tabs.Panel value="details" pt="sm">
        <DetailsTab selected={selected} filters={filters} />
      </Tabs.Panel>
      {canCreate && (
        <Tabs.Panel value="create" pt="sm">
          <CreateTab selected={selected} mode={mode} />
        </Tabs.Panel>
      )}
      {freelancer && (
        <Tabs.Panel value="availability" pt="sm">
          <AvailabilityTab userId={user.id} selected={selected} />
        </Tabs.Panel>
      )}
      {jobs && (
        <Tabs.Panel value="job" pt="sm">
          <JobTab />
        </Tabs.Panel>
      )}
    </Tabs>
  );
}
