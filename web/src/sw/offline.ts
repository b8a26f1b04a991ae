/**
 * The API answers the service worker keeps for offline use: the last copy of each is served,
 * marked, when the network is down, so the agenda and Home show what was last synced and say
 * so (src/lib/offline.ts reads the marks). Nothing else is kept.
 */

/** The cache holding them; emptied at sign-out (clearOfflineCopies). */
export const API_CACHE = 'hive-api-v1';

/** Header the worker adds to a stored copy: when it was fetched (ISO 8601). */
export const SYNCED_AT_HEADER = 'X-Hive-Synced-At';
/** Header the worker adds to a copy it serves because the network failed. */
export const OFFLINE_HEADER = 'X-Hive-Offline';

/** The GET operations (under /api/v1) whose last answer is kept: the shell's user, the agenda and Home. */
const KEPT = [
  /^\/account\/whoami$/,
  /^\/app-info$/,
  /^\/agenda(\/stats)?$/,
  /^\/account\/onboarding$/,
  /^\/invitation\/by-user\/\d+$/,
];

/** Whether the worker keeps the answer of a GET of url. */
export function keptOffline(url: URL, origin: string): boolean {
  if (url.origin !== origin || !url.pathname.startsWith('/api/v1/')) return false;
  const path = url.pathname.slice('/api/v1'.length);
  return KEPT.some((re) => re.test(path));
}

/** A copy of res to store, stamped with when it was fetched. */
export async function stamped(res: Response, now: Date): Promise<Response> {
  const headers = new Headers(res.headers);
  headers.set(SYNCED_AT_HEADER, now.toISOString());
  return new Response(await res.clone().blob(), {
    status: res.status,
    statusText: res.statusText,
    headers,
  });
}

/** A stored copy, marked as served offline. */
export async function servedOffline(copy: Response): Promise<Response> {
  const headers = new Headers(copy.headers);
  headers.set(OFFLINE_HEADER, '1');
  return new Response(await copy.blob(), {
    status: copy.status,
    statusText: copy.statusText,
    headers,
  });
}
