import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import type { components } from '@/api/schema';

export type Timesheet = components['schemas']['Timesheet'];
export type TimesheetStatus = Timesheet['status'];
export type Expense = components['schemas']['Expense'];

/** The timesheets feature's query keys: every list and record starts with `all`. */
export const timesheetKeys = {
  all: ['timesheets'] as const,
  list: (status: TimesheetStatus, page: number) =>
    [...timesheetKeys.all, 'list', status, page] as const,
  toSubmit: (userId: number) => [...timesheetKeys.all, 'to-submit', userId] as const,
};

/** Rows a page of the Timesheets screen shows. */
export const PAGE_SIZE = 50;

/** One page of the caller's timesheets in status (their own, and their departments'). */
export const timesheetsQueryOptions = (status: TimesheetStatus, page = 1) =>
  queryOptions({
    queryKey: timesheetKeys.list(status, page),
    queryFn: () =>
      unwrap(
        api.GET('/timesheet', {
          params: { query: { status: [status], page, pageSize: PAGE_SIZE } },
        }),
      ),
    placeholderData: keepPreviousData,
  });
