import { Alert, SimpleGrid, Stack } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useCurrentUser } from '@/lib/current-user';
import { isApiError } from '@/api/errors';
import { toasts } from '@/lib/errors/catalogue';
import { notify, notifyError } from '@/lib/notify';
import { PageHeader } from '@/ui/page-header';
import { exportReport, saveFile } from '../api/export-report';
import { ExportCard } from '../components/export-card';
import { ReportFilters, type ReportState } from '../components/report-filters';
import { defaultRange, rangeProblem, reportsFor, type ReportType } from '../rules';

const ids = (options: { value: string }[]) => options.map((o) => Number(o.value));

/**
 * A failed export's toast (spec part 2 §8): the catalogue's generic error toast built from the
 * answer's status and body ('Error Code N-404', 'Record not found'); without an answer, the
 * server error toast.
 */
export function notifyReportFailure(err: unknown): void {
  if (isApiError(err) && err.status !== 0) {
    notify(
      toasts.errorCode(
        err.errorCode || String(err.status),
        err.message || 'Cannot complete request',
      ),
    );
  } else {
    notifyError(err);
  }
}

/**
 * /reports (spec part 2 §2): the date range (this month up to today by default), the filters and
 * one export card per report the user may run. An export streams the CSV with its progress
 * shown, then saves it as start-end-reportType.csv; a failure shows the generic error toast.
 */
export function ReportsRoute() {
  const user = useCurrentUser();
  const reports = reportsFor(user);
  const [state, setState] = useState<ReportState>(() => ({
    ...defaultRange(new Date()),
    clients: [],
    departments: [],
    jobs: [],
    users: [],
  }));
  const [progress, setProgress] = useState<{ type: ReportType; bytes: number } | null>(null);
  const rangeError = rangeProblem(state.startDate, state.endDate);

  const exporting = useMutation({
    mutationFn: (reportType: ReportType) => {
      setProgress({ type: reportType, bytes: 0 });
      return exportReport(
        {
          reportType,
          reportFormat: 'csv',
          startDate: state.startDate,
          endDate: state.endDate,
          clientIds: ids(state.clients),
          departmentIds: ids(state.departments),
          jobIds: ids(state.jobs),
          userIds: ids(state.users),
        },
        (bytes) => setProgress({ type: reportType, bytes }),
      );
    },
    meta: { silentErrors: true },
    onSuccess: saveFile,
    onError: notifyReportFailure,
    onSettled: () => setProgress(null),
  });

  if (reports.length === 0) {
    return (
      <>
        <PageHeader title="Reports" />
        <Alert color="gray" title="No reports">
          Reports are for administrators and client or agency managers.
        </Alert>
      </>
    );
  }

  return (
    <>
      <PageHeader title="Reports" />
      <Stack gap="lg">
        <Stack gap="sm" component="section" aria-label="Date range and filters">
          <ReportFilters
            state={state}
            onChange={(next) => setState((s) => ({ ...s, ...next }))}
            rangeError={state.startDate && state.endDate ? rangeError : null}
          />
        </Stack>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          {reports.map((r) => (
            <ExportCard
              key={r.type}
              report={r}
              received={progress?.type === r.type ? progress.bytes : null}
              disabled={!!rangeError || exporting.isPending}
              onExport={() => exporting.mutate(r.type)}
            />
          ))}
        </SimpleGrid>
      </Stack>
    </>
  );
}

export { ReportsRoute as Component };
