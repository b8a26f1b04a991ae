import { Button, Group, NumberInput, Stack, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect } from 'react';
import { applyServerErrors } from '@/lib/errors/form-errors';
import { countOf, formatIsoDay } from '@/lib/format';
import { notify } from '@/lib/notify';
import { RecordPicker } from '@/ui/record-picker';
import { LabelledSegmentedControl } from '@/ui/labelled-segmented-control';
import { useRequestSigning } from '../api/request-signing';
import { searchBookings } from '../api/search-bookings';

type Source = 'link' | 'template';

interface Values {
  bookingId: string | null;
  title: string;
  description: string;
  dueDate: string;
  source: Source;
  documentUrl: string;
  templateId: number | string;
}

/** Today as year-month-day in the viewer's calendar: the earliest due date. */
const today = () => formatIsoDay(new Date());

interface Props {
  /** DocuSeal is configured (the builder loaded): a template may be named instead of a link. */
  docuSeal: boolean;
  /** A template the builder just saved, offered as the template to sign. */
  savedTemplateId?: number | null;
}

/**
 * Asks the freelancers instructed on a booking to sign a document: title, description, due date
 * and either a link to the document or (with DocuSeal) a template, from which each freelancer
 * gets their own signing form. The server checks that the caller manages the booking's
 * department and says why when it refuses.
 */
export function RequestSigningForm({ docuSeal, savedTemplateId }: Props) {
  const request = useRequestSigning();
  const form = useForm<Values>({
    initialValues: {
      bookingId: null,
      title: '',
      description: '',
      dueDate: '',
      source: 'link',
      documentUrl: '',
      templateId: '',
    },
    validate: {
      bookingId: (v) => (v ? null : 'Choose a booking.'),
      title: (v) => (v.trim() ? null : 'Enter a title.'),
      dueDate: (v) => (v ? null : 'Enter the due date.'),
      documentUrl: (v, all) =>
        all.source === 'link' && !/^https?:\/\/\S+$/i.test(v.trim())
          ? 'Enter the document’s http or https link.'
          : null,
      templateId: (v, all) =>
        all.source === 'template' && !(Number(v) > 0)
          ? 'Enter the DocuSeal template number.'
          : null,
    },
  });
  useEffect(() => {
    if (!savedTemplateId) return;
    form.setValues({ source: 'template', templateId: savedTemplateId });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when a template is saved
  }, [savedTemplateId]);

  const submit = form.onSubmit(async (v) => {
    try {
      const res = await request.mutateAsync({
        bookingId: Number(v.bookingId),
        title: v.title,
        description: v.description,
        dueDate: v.dueDate,
        ...(v.source === 'link'
          ? { documentUrl: v.documentUrl.trim() }
          : { templateId: Number(v.templateId) }),
      });
      const n = res.items?.length ?? 0;
      notify({
        kind: 'success',
        title: 'Signature requested',
        message: `Asked ${countOf(n, 'freelancer')} to sign ${v.title.trim()}.`,
        autoClose: 5000,
      });
      form.reset();
    } catch (e) {
      notify(applyServerErrors(form, e));
    }
  });

  return (
    <form aria-label="Ask freelancers to sign" onSubmit={submit} noValidate>
      <Stack gap="sm">
        <RecordPicker
          kind="booking"
          search={searchBookings}
          label="Booking"
          description="Everyone instructed on it is asked to sign."
          placeholder="Search by title or reference"
          required
          {...form.getInputProps('bookingId')}
        />
        <TextInput label="Title" required maxLength={200} {...form.getInputProps('title')} />
        <Textarea
          label="Description"
          rows={3}
          maxLength={2000}
          {...form.getInputProps('description')}
        />
        <TextInput
          type="date"
          label="Due date"
          required
          min={today()}
          {...form.getInputProps('dueDate')}
        />
        {docuSeal ? (
          <LabelledSegmentedControl
            label="Document"
            data={[
              { value: 'link', label: 'Link' },
              { value: 'template', label: 'DocuSeal template' },
            ]}
            {...form.getInputProps('source')}
          />
        ) : null}
        {form.values.source === 'link' ? (
          <TextInput
            type="url"
            label="Document link"
            description="Where the freelancer reads and signs the document (http or https)."
            required
            {...form.getInputProps('documentUrl')}
          />
        ) : (
          <NumberInput
            label="DocuSeal template"
            description="The template's number in DocuSeal; each freelancer gets their own signing form."
            required
            min={1}
            allowDecimal={false}
            {...form.getInputProps('templateId')}
          />
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={request.isPending}>
            Ask to sign
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
