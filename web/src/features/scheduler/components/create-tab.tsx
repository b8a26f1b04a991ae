import { Alert, Button, Checkbox, Select, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { jobBriefsQuery, jobTemplateQuery } from '@/features/jobs';
import {
  bookingTypeOptions,
  initialBookingValues,
  JobTemplateSelect,
  PastDatesModal,
  useCreateBookingSubmit,
  validateBooking,
  type BookingFormValues,
  type IsoDate,
  type SelectionMode,
} from '@/features/bookings';

/**
 * The Create Booking tab: the create booking form's values, rules and payload
 * (features/bookings/components/booking-form) for the days selected on the scheduler.
 */
export function CreateTab({ selected, mode }: { selected: IsoDate[]; mode: SelectionMode }) {
  const briefs = useQuery(jobBriefsQuery());
  const form = useForm<BookingFormValues>({
    mode: 'controlled',
    initialValues: { ...initialBookingValues, dates: selected, periodType: mode },
    validate: validateBooking,
  });
  const { submit, pending, confirmPast } = useCreateBookingSubmit(form);
  const templateId = Number(form.values.jobTemplateId) || 0;
  const template = useQuery({ ...jobTemplateQuery(templateId), enabled: templateId > 0 });

  // The calendar is the date picker: its selection and mode are the booking's.
  useEffect(() => {
    form.setFieldValue('dates', selected);
    form.setFieldValue('periodType', mode);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the selection changes
  }, [selected, mode]);

  // A newly chosen template books all its placement templates until the user unticks some.
  useEffect(() => {
    if (!template.data) return;
    form.setFieldValue(
      'placementTemplateIds',
      (template.data.placementTemplates ?? []).map((p) => String(p.id)),
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the template changes
  }, [template.data]);

  const placementTemplates = template.data?.placementTemplates ?? [];

  return (
    <form onSubmit={submit} noValidate aria-label="Create Booking">
      <Stack gap="sm">
        <Text size="sm">
          {selected.length} {selected.length === 1 ? 'day' : 'days'} selected
        </Text>
        {briefs.isError && (
          <Alert color="red" title="Could not load the job templates" role="alert" />
        )}
        <JobTemplateSelect briefs={briefs} {...form.getInputProps('jobTemplateId')} />
        <TextInput
          label="Title"
          description="Defaults to the job template's title"
          {...form.getInputProps('title')}
        />
        <Select
          label="Type"
          allowDeselect={false}
          data={bookingTypeOptions}
          {...form.getInputProps('type')}
        />
        {placementTemplates.length > 0 && (
          <Checkbox.Group
            label="Placement Templates"
            withAsterisk
            {...form.getInputProps('placementTemplateIds')}
          >
            <Stack gap={4} mt={4}>
              {placementTemplates.map((p) => (
                <Checkbox
                  key={p.id}
                  value={String(p.id)}
                  label={`${p.title}, ${p.startTime}–${p.endTime}`}
                />
              ))}
            </Stack>
          </Checkbox.Group>
        )}
        {form.errors.dates && (
          <Text c="var(--mantine-color-error)" size="sm" role="alert">
            {form.errors.dates}
          </Text>
        )}
        <Button type="submit" loading={pending}>
          Create Booking
        </Button>
      </Stack>
      <PastDatesModal {...confirmPast} />
    </form>
  );
}
