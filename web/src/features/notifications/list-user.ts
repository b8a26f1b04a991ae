/**
 * The user whose notifications a page shows, from its userId query: null for the caller's own
 * (no userId, the caller's own id, or a value that is no user id).
 */
export function listUserOf(search: URLSearchParams, selfId: number): number | null {
  const raw = search.get('userId');
  if (!raw || !/^\d+$/.test(raw)) return null;
  const id = Number(raw);
  return id > 0 && id !== selfId ? id : null;
}
