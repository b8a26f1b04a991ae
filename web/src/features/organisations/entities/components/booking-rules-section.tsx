import { NumberInput, SimpleGrid, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { toasts } from '@/lib/errors/catalogue';
import { loadFailureText } from '@/lib/errors/refusal';
import { notify, refusedSubmit, withServerErrors } from '@/lib/notify';
import { FormActions } from '@/ui/form-actions';
import { RetryAlert } from '@/ui/retry-alert';
import { SectionCard } from '@/ui/section-card';
import { bookingRulesQueryOptions, type BookingRules } from '../api/get-booking-rules';
import { useSaveBookingRules } from '../api/save-booking-rules';
import {
  BOOKING_RULES_FIELDS,
  bodyOf,
  serverFieldOf,
  validateBookingRules,
  valuesOf,
  type BookingRulesValues,
} from '../rules';

/**
 * The entity's booking rules: the working-time guard's limits, and the times holds
 * and answer-by reminders use. Shown to those who may manage the entity, who alone may read them.
 */
export function BookingRulesSection({ entityId }: { entityId: number }) {
  const rules = useQuery(bookingRulesQueryOptions(entityId));
  return (
    <SectionCard headingId="booking-rules" title="Booking rules">
      {rules.isPending && <Text c="dimmed">Loading...</Text>}
      {rules.isError && (
        <RetryAlert
          title="The booking rules could not be loaded"
          onRetry={() => void rules.refetch()}
        >
          {loadFailureText(rules.error)}
        </RetryAlert>
      )}
      {rules.data && (
        <BookingRulesForm key={rules.data.version} entityId={entityId} rules={rules.data} />
      )}
    </SectionCard>
  );
}

function BookingRulesForm({ entityId, rules }: { entityId: number; rules: BookingRules }) {
  const save = useSaveBookingRules(entityId);
  const form = useForm<BookingRulesValues>({
    mode: 'controlled',
    initialValues: valuesOf(rules),
    validate: validateBookingRules,
  });
  // The server names its fields in minutes; its refusals go onto the fields in hours.
  const onto = {
    setErrors: (errors: Record<string, string>) => {
      const mapped: Record<string, string> = {};
      for (const [field, server] of Object.entries(serverFieldOf)) {
        if (errors[server]) mapped[field] = errors[server];
      }
      form.setErrors(mapped);
    },
  };
  const submit = withServerErrors(onto, async (values: BookingRulesValues) => {
    await save.mutateAsync(bodyOf(values, rules.version));
    notify(toasts.bookingRulesSaved);
  });
  return (
    <form noValidate aria-label="Booking rules" onSubmit={form.onSubmit(submit, refusedSubmit)}>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {rules.version === 0
            ? 'This entity uses the defaults: the UK Working Time Regulations (11 hours between placements, at most 6 days in a row without 24 hours off).'
            : 'Accepting an offer that would leave a freelancer less rest than this is refused, unless a manager overrides it with a reason.'}
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {BOOKING_RULES_FIELDS.map((f) => (
            <NumberInput
              key={f.field}
              label={f.label}
              min={f.min}
              max={f.max}
              {...(f.whole ? { allowDecimal: false } : { decimalScale: 2 })}
              {...form.getInputProps(f.field)}
            />
          ))}
        </SimpleGrid>
        <FormActions submitting={form.submitting}>Save booking rules</FormActions>
      </Stack>
    </form>
  );
}
