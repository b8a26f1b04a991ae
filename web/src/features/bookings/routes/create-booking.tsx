import {
  Alert,
  Button,
  Checkbox,
  SimpleGrid,
  Group,
  Paper,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { DatePicker } from '@mantine/dates';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { applyServerErrors } from '@/lib/errors/form-errors';
import { toasts } from '@/lib/errors/catalogue';
import { notify } from '@/lib/notify';
import { paths } from '@/lib/paths';
import { PageHeader } from '@/ui/page-header';
import { jobBriefsQueryOptions, jobTemplateQueryOptions, useCreateBooking } from '../api/bookings';
import {
  bookingPayload,
  initialBookingValues,
  validateBooking,
  type BookingFormValues,
} from '../components/booking-form';

const calendarLabels = {
  previousMonth: 'Previous month',
  nextMonth: 'Next month',
  previousYear: 'Previous year',
  nextYear: 'Next year',
  previousDecade: 'Previous decade',
  nextDecade: 'Next decade',
  monthLevelControl: 'Choose a month',
  yearLevelControl: 'Choose a year',
};

/** /bookings/create: the booking form beside a month calendar of the dates to book. */
export function CreateBookingRoute() {
  const navigate = useNavigate();
  const briefs = useQuery(jobBriefsQueryOptions());
  const form = useForm<BookingFormValues>({
    initialValues: initialBookingValues,
    validate: validateBooking,
  });
  const templateId = form.values.jobTemplateId ? Number(form.values.jobTemplateId) : 0;
  const template = useQuery({ ...jobTemplateQueryOptions(templateId), enabled: templateId > 0 });
  const create = useCreateBooking();

  // A newly chosen template books all its placement templates until the user unticks some.
  const templateData = template.data;
  useEffect(() => {
    if (!templateData) return;
    form.setFieldValue(
      'placementTemplateIds',
      (templateData.placementTemplates ?? []).map((p) => String(p.id)),
    );
    if (!form.values.title) form.setFieldValue('title', templateData.title);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the template changes
  }, [templateData]);

  const submit = form.onSubmit(async (values) => {
    try {
      const booking = await create.mutateAsync(bookingPayload(values));
      notify(toasts.bookingCreated(booking.placements?.length ?? 0));
      await navigate(paths.editBooking(booking.id));
    } catch (err) {
      notify(applyServerErrors(form, err));
    }
  });

  return (
    <>
      <PageHeader title="Create Booking" />
      <form onSubmit={submit} noValidate>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          <Paper withBorder p="md">
            <Stack>
              {briefs.isError && (
                <Alert color="red" title="Could not load the job templates">
                  <Button size="xs" variant="light" onClick={() => void briefs.refetch()}>
                    Retry
                  </Button>
                </Alert>
              )}
              <Select
                label="Job Template"
                placeholder={briefs.isLoading ? 'Loading...' : 'Choose a job template'}
                required
                searchable
                nothingFoundMessage="No job templates"
                data={(briefs.data ?? []).map((b) => ({
                  value: String(b.id),
                  label: `${b.title} (${b.entityName})`,
                }))}
                {...form.getInputProps('jobTemplateId')}
              />
              <TextInput label="Title" {...form.getInputProps('title')} />
              <TextInput label="Reference" {...form.getInputProps('reference')} />
              <Select
                label="Booking Type"
                allowDeselect={false}
                data={[
                  { value: 'default', label: 'Default (freelancers accept or decline)' },
                  { value: 'pre_confirmed', label: 'Pre-confirmed (accepted when invited)' },
                ]}
                {...form.getInputProps('type')}
              />
              <Checkbox
                label="Direct booking"
                {...form.getInputProps('direct', { type: 'checkbox' })}
              />
              <Checkbox
                label="Substitution allowed"
                {...form.getInputProps('substitutionAllowed', { type: 'checkbox' })}
              />
              <Checkbox label="IR35" {...form.getInputProps('ir35', { type: 'checkbox' })} />
              {templateData && (
                <Checkbox.Group
                  label="Placement Templates"
                  {...form.getInputProps('placementTemplateIds')}
                >
                  <Stack gap="xs" mt="xs">
                    {(templateData.placementTemplates ?? []).map((p) => (
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
              Dates ({form.values.dates.length} selected)
            </Text>
            <Group justify="center">
              <DatePicker
                type="multiple"
                value={form.values.dates}
                onChange={(v) =>
                  form.setFieldValue(
                    'dates',
                    v.map((d) => dayjs(d).format('YYYY-MM-DD')),
                  )
                }
                firstDayOfWeek={1}
                // Mantine's red weekends and faded outside days are below 4.5:1 contrast.
                weekendDays={[]}
                hideOutsideDates
                locale="en-gb"
                ariaLabels={calendarLabels}
                getDayProps={(date) => ({ 'aria-label': dayjs(date).format('dddd D MMMM YYYY') })}
              />
            </Group>
            {form.errors.dates && (
              <Text c="var(--mantine-color-error)" size="sm" role="alert">
                {form.errors.dates}
              </Text>
            )}
          </Paper>
        </SimpleGrid>
        <Group justify="flex-end" mt="md">
          <Button type="submit" loading={create.isPending}>
            Create Booking
          </Button>
        </Group>
      </form>
    </>
  );
}

export { CreateBookingRoute as Component };
