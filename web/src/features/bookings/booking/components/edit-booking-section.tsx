import {
  Anchor,
  Checkbox,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link } from 'react-router';
import { bookingPageToasts } from '@/lib/errors/catalogue';
import { notify, refusedSubmit, withServerErrors } from '@/lib/notify';
import { paths } from '@/lib/paths';
import { useUpdateBooking } from '../api/update-booking';
import type { Booking } from '../rules';
import {
  bookingTypeLabel,
  editBookingPayload,
  validateEditBooking,
  type EditBookingValues,
} from '../rules';
import { FormActions } from '@/ui/form-actions';
import { countOf } from '@/lib/format';

/**
 * The Edit Booking section: title, reference, IR35 and substitution; the type and the job
 * template cannot change (spec part 2 §2) and are shown read-only; the template's name is the
 * booking's own jobTemplateName (no template read), linked only for managers. Saves with the version read.
 * Remount it with key={booking.version} so a saved or newer booking resets the form.
 */
export function EditBookingSection({ booking }: { booking: Booking }) {
  const update = useUpdateBooking();
  const form = useForm<EditBookingValues>({
    mode: 'controlled',
    initialValues: {
      title: booking.title,
      reference: booking.reference,
      ir35: booking.ir35,
      substitutionAllowed: booking.substitutionAllowed,
    },
    validate: validateEditBooking,
  });
  const readOnly = !booking.canManage;
  const submit = form.onSubmit(
    withServerErrors(form, async (values) => {
      await update.mutateAsync({ id: booking.id, ...editBookingPayload(values, booking.version) });
      notify(bookingPageToasts.bookingUpdated);
    }),
    refusedSubmit,
  );
  // The name comes with the booking, for every viewer: a freelancer may not read the template.
  const templateName = booking.jobTemplateName || '—';
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="edit-booking-heading">
      <Title order={2} size="h4" id="edit-booking-heading" mb="sm">
        Edit Booking
      </Title>
      <form onSubmit={submit} noValidate aria-labelledby="edit-booking-heading">
        <Stack>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label="Title"
              withAsterisk
              readOnly={readOnly}
              {...form.getInputProps('title')}
            />
            <TextInput label="Reference" readOnly={readOnly} {...form.getInputProps('reference')} />
          </SimpleGrid>
          <Group gap="lg">
            <Checkbox
              label="IR35"
              disabled={readOnly}
              {...form.getInputProps('ir35', { type: 'checkbox' })}
            />
            <Checkbox
              label="Substitution allowed"
              disabled={readOnly}
              {...form.getInputProps('substitutionAllowed', { type: 'checkbox' })}
            />
          </Group>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
            <Text size="sm">
              <Text span fw={600}>
                Booking type:
              </Text>{' '}
              {bookingTypeLabel(booking.type)}
              {booking.direct ? ' (direct)' : ''}
            </Text>
            <Text size="sm">
              <Text span fw={600}>
                Job template:
              </Text>{' '}
              {booking.jobTemplateId && booking.canManage ? (
                <Anchor component={Link} to={paths.editJobTemplate(booking.jobTemplateId)}>
                  {templateName}
                </Anchor>
              ) : (
                templateName
              )}
            </Text>
            <Text size="sm">
              <Text span fw={600}>
                Dates:
              </Text>{' '}
              {booking.startDate} to {booking.endDate} ({countOf(booking.dates?.length ?? 0, 'day')}
              , {booking.periodType})
            </Text>
            <Text size="sm">
              <Text span fw={600}>
                Department:
              </Text>{' '}
              {booking.department.name} ({booking.department.timezone})
            </Text>
          </SimpleGrid>
          {!readOnly && <FormActions submitting={update.isPending}>Save Booking</FormActions>}
        </Stack>
      </form>
    </Paper>
  );
}
