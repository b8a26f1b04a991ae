import { api, unwrap } from '@/api/client';
import type { components } from '@/api/schema';
import { useFormMutation } from '@/lib/form-mutation';
import { timesheetKeys } from './get-timesheets';

export type TimesheetUpdate = components['schemas']['TimesheetUpdate'];

/** Saves a freelancer's correction of a timesheet with the version read; the form shows refusals. */
export const useUpdateTimesheet = (id: number) =>
  useFormMutation(
    (body: TimesheetUpdate) =>
      unwrap(api.PATCH('/timesheet/{id}', { params: { path: { id } }, body })),
    { refresh: [timesheetKeys.all] },
  );
