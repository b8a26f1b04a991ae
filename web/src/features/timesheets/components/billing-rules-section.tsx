import { NumberInput, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { toasts } from '@/lib/errors/catalogue';
import { loadFailureText } from '@/lib/errors/refusal';
import { notify, refusedSubmit, withServerErrors } from '@/lib/notify';
import { FormActions } from '@/ui/form-actions';
import { RetryAlert } from '@/ui/retry-alert';
import { SectionCard } from '@/ui/section-card';
import { billingRulesQueryOptions, type BillingRules } from '../api/get-billing-rules';
import { useSaveBillingRules } from '../api/save-billing-rules';
import { MSG_RULES } from '../rules';

interface Values {
  disputeWindowHours: number | string;
  overtimeThresholdHours: number | string;
  overtimeMultiplier: number | string;
  invoicePeriod: string;
  paymentDays: number | string;
}

const within = (min: number, max: number, msg: string) => (v: number | string) =>
  v !== '' && Number(v) >= min && Number(v) <= max ? null : msg;

/**
 * A client entity's billing rules: how long its managers have to dispute a submitted timesheet,
 * when overtime starts and what it pays, and how invoices are grouped and fall due. Shown to
 * those who may manage the entity, who alone may read them.
 */
export function BillingRulesSection({ entityId }: { entityId: number }) {
  const rules = useQuery(billingRulesQueryOptions(entityId));
  return (
    <SectionCard headingId="billing-rules" title="Billing rules">
      {rules.isPending && <Text c="dimmed">Loading...</Text>}
      {rules.isError && (
        <RetryAlert
          title="The billing rules could not be loaded"
          onRetry={() => void rules.refetch()}
        >
          {loadFailureText(rules.error)}
        </RetryAlert>
      )}
      {rules.data && <RulesForm key={rules.data.version} entityId={entityId} rules={rules.data} />}
    </SectionCard>
  );
}

function RulesForm({ entityId, rules }: { entityId: number; rules: BillingRules }) {
  const save = useSaveBillingRules(entityId);
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: {
      disputeWindowHours: rules.disputeWindowHours,
      overtimeThresholdHours: rules.overtimeThresholdMinutes / 60,
      overtimeMultiplier: rules.overtimeMultiplierPct / 100,
      invoicePeriod: rules.invoicePeriod,
      paymentDays: rules.paymentDays,
    },
    validate: {
      disputeWindowHours: within(1, 720, MSG_RULES.disputeWindowHours),
      overtimeThresholdHours: within(0, 24, MSG_RULES.overtimeThresholdHours),
      overtimeMultiplier: within(1, 5, MSG_RULES.overtimeMultiplier),
      paymentDays: within(0, 365, MSG_RULES.paymentDays),
    },
  });
  const submit = withServerErrors(
    form,
    async (v: Values) => {
      await save.mutateAsync({
        disputeWindowHours: Number(v.disputeWindowHours),
        overtimeThresholdMinutes: Math.round(Number(v.overtimeThresholdHours) * 60),
        overtimeMultiplierPct: Math.round(Number(v.overtimeMultiplier) * 100),
        invoicePeriod: v.invoicePeriod as 'week' | 'month',
        paymentDays: Number(v.paymentDays),
        version: rules.version,
      });
      notify(toasts.billingRulesSaved);
    },
    {
      overtimeThresholdMinutes: 'overtimeThresholdHours',
      overtimeMultiplierPct: 'overtimeMultiplier',
    },
  );
  return (
    <form noValidate aria-label="Billing rules" onSubmit={form.onSubmit(submit, refusedSubmit)}>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {rules.version === 0
            ? 'This entity uses the defaults: 72 hours to dispute, overtime after 10 hours at 1.5 times the hourly rate (a day rate / 8), monthly invoices due in 30 days.'
            : 'Timesheets are paid by these rules when submitted and approved; those already approved keep their pay.'}
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <NumberInput
            label="Dispute window (hours)"
            min={1}
            max={720}
            allowDecimal={false}
            {...form.getInputProps('disputeWindowHours')}
          />
          <NumberInput
            label="Overtime after (hours a day)"
            min={0}
            max={24}
            decimalScale={2}
            {...form.getInputProps('overtimeThresholdHours')}
          />
          <NumberInput
            label="Overtime multiplier"
            min={1}
            max={5}
            step={0.25}
            decimalScale={2}
            {...form.getInputProps('overtimeMultiplier')}
          />
          <Select
            label="Invoice period"
            data={[
              { value: 'week', label: 'Week' },
              { value: 'month', label: 'Month' },
            ]}
            allowDeselect={false}
            {...form.getInputProps('invoicePeriod')}
          />
          <NumberInput
            label="Payment due (days)"
            min={0}
            max={365}
            allowDecimal={false}
            {...form.getInputProps('paymentDays')}
          />
        </SimpleGrid>
        <FormActions submitting={form.submitting}>Save billing rules</FormActions>
      </Stack>
    </form>
  );
}
