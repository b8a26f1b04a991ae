import { api, unwrap } from '@/api/client';
import type { PickerOption } from '@/ui/record-picker';

// Department and user searches as in organisations/shared/pickers (features may not import each other).

const PICKER_PAGE = 20;

/** Departments whose name contains the term, labelled with their client. */
export async function searchDepartments(term: string): Promise<PickerOption[]> {
  const page = await unwrap(
    api.GET('/department', {
      params: { query: { page: 1, pageSize: PICKER_PAGE, sort: 'name', name: term || undefined } },
    }),
  );
  return (page.items ?? []).map((d) => ({
    value: String(d.id),
    label: d.client?.name ? `${d.name} (${d.client.name})` : d.name,
  }));
}

/**
 * Users whose name or email contains the term (the server searches; administrators see everyone,
 * managers see freelancers and the people of their own organisations).
 */
export async function searchUsers(term: string): Promise<PickerOption[]> {
  const page = await unwrap(
    api.GET('/account', {
      params: { query: { page: 1, pageSize: PICKER_PAGE, ...(term ? { search: term } : {}) } },
    }),
  );
  return (page.items ?? []).map((u) => ({
    value: String(u.id),
    label: `${u.fullName || u.email} (${u.email})`,
  }));
}
