import { api, unwrap } from '@/api/client';
import { formatDate } from '@/lib/format';
import type { PickerOption } from '@/ui/record-picker';

/** Bookings whose title or reference contains the term, for the request form's picker. */
export async function searchBookings(term: string): Promise<PickerOption[]> {
  const page = await unwrap(
    api.GET('/booking', {
      params: { query: { page: 1, pageSize: 20, search: term || undefined } },
    }),
  );
  return (page.items ?? []).map((b) => ({
    value: String(b.id),
    label: `${b.title}${b.reference ? ` (${b.reference})` : ''} · ${b.departmentName} · ${formatDate(b.startDate)}`,
  }));
}
