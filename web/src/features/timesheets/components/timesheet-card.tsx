import { Alert, Anchor, Badge, Button, Checkbox, Group, Paper, Stack, Text } from '@mantine/core';
import { formatDate, formatDateTime } from '@/lib/format';
import { POSITIVE_COLOUR } from '@/ui/colours';
import { useApproveTimesheet } from '../api/approve-timesheet';
import type { Timesheet } from '../api/get-timesheets';
import { useSubmitTimesheets } from '../api/submit-timesheets';
import { receiptUrl } from '../api/upload-receipt';
import { STATUS_COLOUR, formatMinor, formatMinutes, formatRateOf, statusLabel } from '../rules';

interface Props {
  timesheet: Timesheet;
  /** Whether the freelancer's name is shown (to managers, who see others' timesheets). */
  showPerson: boolean;
  selected: boolean;
  onSelect: (selected: boolean) => void;
  onEdit: () => void;
  onDispute: () => void;
}

/**
 * One timesheet: the work, the scheduled and actual times, the pay by the client's rules,
 * where it stands, and the buttons the server says the caller may use.
 */
export function TimesheetCard({
  timesheet: t,
  showPerson,
  selected,
  onSelect,
  onEdit,
  onDispute,
}: Props) {
  const expenses = t.expenses ?? [];
  const submit = useSubmitTimesheets();
  const approve = useApproveTimesheet();
  const titleId = `timesheet-${t.id}-title`;
  const dateId = `timesheet-${t.id}-date`;
  return (
    <Paper
      withBorder
      p="md"
      radius="md"
      component="article"
      aria-labelledby={`${titleId} ${dateId}`}
    >
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Group gap="sm" wrap="nowrap" align="flex-start">
            {t.actions.canSubmit && (
              <Checkbox
                mt={4}
                checked={selected}
                onChange={(e) => onSelect(e.currentTarget.checked)}
                aria-label={`Select ${t.job} on ${formatDate(t.date)} to submit`}
              />
            )}
            <div>
              <Text fw={600} id={titleId}>
                {t.job}: {t.placement}
              </Text>
              <Text size="sm" c="dimmed" id={dateId}>
                {formatDate(t.date)} · {t.departmentName}
                {showPerson ? ` · ${t.userName}` : ''}
              </Text>
            </div>
          </Group>
          <Badge
            color={STATUS_COLOUR[t.status]}
            autoContrast
            variant="filled"
            style={{ flexShrink: 0 }}
          >
            {statusLabel(t.status)}
          </Badge>
        </Group>
        {t.status === 'disputed' && t.disputeReason && (
          <Alert color="red" variant="light" title="Disputed">
            {t.disputeReason}
          </Alert>
        )}
        <Group gap="lg" wrap="wrap">
          <Text size="sm">
            Scheduled {t.scheduledStartTime}–{t.scheduledEndTime}, breaks{' '}
            {formatMinutes(t.scheduledBreakMinutes)}
          </Text>
          <Text size="sm" fw={500}>
            Actual {t.startTime}–{t.endTime}, breaks {formatMinutes(t.breakMinutes)}
          </Text>
        </Group>
        <Group gap="lg" wrap="wrap">
          <Text size="sm">Worked {formatMinutes(t.workedMinutes)}</Text>
          {t.overtimeMinutes > 0 && (
            <Text size="sm">
              Overtime {formatMinutes(t.overtimeMinutes)}:{' '}
              {formatMinor(t.overtimeMinor, t.currency)}
            </Text>
          )}
          <Text size="sm">Rate {formatRateOf(t)}</Text>
          <Text size="sm" fw={600}>
            Pay {formatMinor(t.amountMinor, t.currency)}
          </Text>
        </Group>
        {expenses.length > 0 && (
          <Text size="sm">
            Expenses:{' '}
            {expenses
              .map((e) => `${e.description || 'Expense'} ${formatMinor(e.amountMinor, e.currency)}`)
              .join('; ')}
          </Text>
        )}
        {expenses
          .filter((e) => e.receiptName)
          .map((e) => (
            <Anchor key={e.id} href={receiptUrl(t.id, e.id)} download={e.receiptName} size="sm">
              Receipt: {e.receiptName} ({e.description || 'Expense'})
            </Anchor>
          ))}
        {t.note && (
          <Text size="sm" c="dimmed">
            Note: {t.note}
          </Text>
        )}
        {t.status === 'submitted' && t.approveBy && (
          <Text size="sm" c="dimmed">
            Approved automatically on {formatDateTime(t.approveBy)} unless answered.
          </Text>
        )}
        {t.status === 'approved' && (
          <Text size="sm" c="dimmed">
            {t.autoApproved ? 'Approved automatically' : 'Approved'}
            {t.approvedAt ? ` on ${formatDateTime(t.approvedAt)}` : ''}.
          </Text>
        )}
        {(t.actions.canEdit ||
          t.actions.canSubmit ||
          t.actions.canApprove ||
          t.actions.canDispute) && (
          <Group gap="xs" justify="flex-end">
            {t.actions.canEdit && (
              <Button size="xs" variant="default" onClick={onEdit}>
                Edit
              </Button>
            )}
            {t.actions.canSubmit && (
              <Button size="xs" loading={submit.isPending} onClick={() => submit.mutate([t.id])}>
                Submit
              </Button>
            )}
            {t.actions.canDispute && (
              <Button size="xs" variant="light" color="red" onClick={onDispute}>
                Dispute
              </Button>
            )}
            {t.actions.canApprove && (
              <Button
                size="xs"
                color={POSITIVE_COLOUR}
                loading={approve.isPending}
                onClick={() => approve.mutate(t.id)}
              >
                Approve
              </Button>
            )}
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
