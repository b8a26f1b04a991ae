import {
  Alert,
  Button,
  Checkbox,
  Group,
  Loader,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { countOf } from '@/lib/format';
import { readBookingPrefill } from '@/lib/paths';
import { PageHeader } from '@/ui/page-header';
import { jobBriefsQuery, jobTemplateQuery } from '@/features/jobs';
import {
  bookingTypeOptions,
  initialBookingValues,
  validateBooking,
  type BookingFormValues,
} from '../rules';
import { JobTemplateSelect } from '../components/job-template-select';
import { rangeDates } from '@/features/bookings/calendar/rules';
import { MonthCalendar } from '@/features/bookings/calendar/components/month-calendar';
import { PastDatesModal } from '@/features/bookings/calendar/components/past-dates-modal';
import { useCreateBookingSubmit } from '../hooks/use-create-booking-submit';
import { RetryAlert } from '@/ui/retry-alert';

/**
 * /bookings/create: the booking form beside a month calendar of the dates to book. Search's and
 * the profile's Book open it with freelancers (?freelancers=) and dates (?start=&end=): the dates
 * are chosen, and the freelancers go on to the new booking's page to be invited.
 */
export function CreateBookingRoute() {
  const [params] = useSearchParams();
  const [prefill] = useState(() => readBookingPrefill(params));
  const briefs = useQuery(jobBriefsQuery());
  const form = useForm<BookingFormValues>({
    mode: 'controlled',
    initialValues: {
      ...initialBookingValues,
      dates:
        prefill.startDate && prefill.endDate
          ? rangeDates(prefill.startDate, prefill.endDate)
          : initialBookingValues.dates,
    },
    validate: validateBooking,
  });
  const { submit, pending, confirmPast } = useCreateBookingSubmit(form, prefill.freelancers);
  const templateId = Number(form.values.jobTemplateId) || 0;
  const template = useQuery({ ...jobTemplateQuery(templateId), enabled: templateId > 0 });
  const templateData = template.data;
  const defaultTitle = useRef('');

  // A newly chosen template books all its placement templates until the user unticks some, and
  // gives its title unless the user typed another.
  useEffect(() => {
    if (!templateData) return;
    form.setFieldValue(
      'placementTemplateIds',
      (templateData.placementTemplates ?? []).map((p) => String(p.id)),
    );
    const title = form.getValues().title;
    if (!title.trim() || title === defaultTitle.current) {
      form.setFieldValue('title', templateData.title);
    }
    defaultTitle.current = templateData.title;
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the template changes
  }, [templateData]);

  const placementTemplates = templateData?.placementTemplates ?? [];
  const dateCount = form.values.dates.length;

  return (
    <>
      <PageHeader title="Create Booking" />
      {prefill.freelancers.length > 0 && (
        <Alert color="blue" mb="md" title="Freelancers to invite" data-testid="invite-prefill">
          {countOf(prefill.freelancers.length, 'freelancer')} will be ticked for invitation on the
          new booking&apos;s page: choose its placements there and press Invite.
        </Alert>
      )}
      <form onSubmit={submit} noValidate aria-label="Create Booking">
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          <Paper withBorder p="md">
            <Stack>
              {briefs.isError && (
                <RetryAlert
                  title="Could not load the job templates"
                  onRetry={() => void briefs.refetch()}
                />
              )}
              <JobTemplateSelect briefs={briefs} {...form.getInputProps('jobTemplateId')} />
              {briefs.isSuccess && (briefs.data ?? []).length === 0 && (
                <Text size="sm">
                  There are no job templates you can book from. Create a job template first.
                </Text>
              )}
              <TextInput
                label="Title"
                description="Defaults to the job template's title"
                {...form.getInputProps('title')}
              />
              <TextInput label="Reference" {...form.getInputProps('reference')} />
              <Select
                label="Type"
                allowDeselect={false}
                data={bookingTypeOptions}
                {...form.getInputProps('type')}
              />
              <Checkbox label="Direct" {...form.getInputProps('direct', { type: 'checkbox' })} />
              <Checkbox
                label="Substitution allowed"
                {...form.getInputProps('substitutionAllowed', { type: 'checkbox' })}
              />
              <Checkbox label="IR35" {...form.getInputProps('ir35', { type: 'checkbox' })} />
              {template.isFetching && !templateData && (
                <Loader size="sm" aria-label="Loading the placement templates" />
              )}
              {template.isError && (
                <RetryAlert
                  title="Could not load the job template"
                  onRetry={() => void template.refetch()}
                />
              )}
              {templateData && placementTemplates.length === 0 && (
                <Text size="sm">This job template has no placement templates.</Text>
              )}
              {templateData && placementTemplates.length > 0 && (
                <Checkbox.Group
                  label="Placement Templates"
                  withAsterisk
                  {...form.getInputProps('placementTemplateIds')}
                >
                  <Stack gap="xs" mt="xs">
                    {placementTemplates.map((p) => (
                      <Checkbox
                        key={p.id}
                        value={String(p.id)}
                        label={`${p.title}, ${p.startTime}–${p.endTime}${p.overnight ? ' (overnight)' : ''}`}
                      />
                    ))}
                  </Stack>
                </Checkbox.Group>
              )}
            </Stack>
          </Paper>
          <Paper withBorder p="md" component="section" aria-labelledby="booking-dates">
            <Text id="booking-dates" fw={600} mb="xs">
              Dates ({dateCount} selected)
            </Text>
            <MonthCalendar
              label="Booking dates"
              value={form.values.dates}
              onChange={(dates) => form.setFieldValue('dates', dates)}
              mode={form.values.periodType}
              onModeChange={(mode) => form.setFieldValue('periodType', mode)}
            />
            {form.errors.dates && (
              <Text c="var(--mantine-color-error)" size="sm" role="alert" mt="xs">
                {form.errors.dates}
              </Text>
            )}
          </Paper>
        </SimpleGrid>
        <Group justify="flex-end" mt="md">
          <Button type="submit" loading={pending}>
            Create Booking
          </Button>
        </Group>
      </form>
      <PastDatesModal {...confirmPast} />
    </>
  );
}

export { CreateBookingRoute as Component };
