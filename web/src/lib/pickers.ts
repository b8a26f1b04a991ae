import { api, unwrap } from '@/api/client';
import type { PickerOption } from '@/ui/record-picker';

// The searches behind the record pickers of every feature (entities, clients, departments,
// users), written once: spec §9's contains search, first page of 20 by name.

const PICKER_PAGE = 20;

type EntityType = 'base' | 'agency' | 'client' | 'supplier';

/** Entities whose name contains the term (optionally of one type), for pickers. */
export async function searchEntities(term: string, type?: EntityType): Promise<PickerOption[]> {
  const page = await unwrap(
    api.GET('/entity', {
      params: {
        query: { page: 1, pageSize: PICKER_PAGE, sort: 'name', name: term || undefined, type },
      },
    }),
  );
  return (page.items ?? []).map((e) => ({ value: String(e.id), label: e.name }));
}

/** One entity as a picker option, by id. */
export async function getEntityOption(id: number): Promise<PickerOption> {
  const e = await unwrap(api.GET('/entity/{id}', { params: { path: { id } } }));
  return { value: String(e.id), label: e.name };
}

/** Clients whose name contains the term. */
export const searchClients = (term: string) => searchEntities(term, 'client');

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

/** A user as a picker option: 'Full Name (email)'. */
export const userOption = (u: { id: number; fullName: string; email: string }): PickerOption => ({
  value: String(u.id),
  label: `${u.fullName || u.email} (${u.email})`,
});

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
  return (page.items ?? []).map(userOption);
}

/**
 * The freelancers a department may hire whose name or email contains the term: the choices of a
 * job template's preferred freelancers (the server's hire rule; only the department's managers
 * may ask).
 */
export const searchHireableFreelancers =
  (departmentId: number) =>
  async (term: string): Promise<PickerOption[]> => {
    const users = await unwrap(
      api.GET('/department/{id}/hireable-freelancers', {
        params: { path: { id: departmentId }, query: term ? { search: term } : {} },
      }),
    );
    return (users ?? []).map(userOption);
  };
