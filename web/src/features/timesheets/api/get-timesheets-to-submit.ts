import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import { PAGE_SIZE, type TimesheetStatus, timesheetKeys } from './get-timesheets';

/** The statuses a freelancer submits from: to fill, and disputed (sent back to correct). */
export const TO_SUBMIT: TimesheetStatus[] = ['to_fill', 'disputed'];

/**
 * The freelancer's own timesheets to fill or disputed (the agenda's 'Timesheets to submit'):
 * their own only, even when they also manage departments; the first page, newest first.
 */
export const toSubmitQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: timesheetKeys.toSubmit(userId),
    queryFn: () =>
      unwrap(
        api.GET('/timesheet', {
          params: { query: { userIds: [userId], status: TO_SUBMIT, page: 1, pageSize: PAGE_SIZE } },
        }),
      ),
  });
