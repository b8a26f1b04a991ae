import createClient, { type Middleware } from 'openapi-fetch';
import { ApiError } from './errors';
import type { paths } from './schema';
import { offlineMiddleware } from '@/lib/offline';

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
export const CSRF_HEADER = 'X-CSRF-Token';
const CSRF_ERROR_CODE = 'A-106';
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

/** The API's root (the OpenAPI document's server URL), on this origin. */
export const API_ROOT = '/api/v1';

function baseUrl(): string {
  return (typeof window === 'undefined' ? '' : window.location.origin) + API_ROOT;
}

/** The one API client, typed by the generated OpenAPI schema. */
export const api = createClient<paths>({
  baseUrl: baseUrl(),
  credentials: 'same-origin',
  // Resolved at call time so tests can replace globalThis.fetch.
  fetch: (request: Request) => globalThis.fetch(request),
});

let csrfToken: Promise<string> | null = null;

/** The CSRF token, fetched once from GET /account/token and kept until reset. */
export function getCsrfToken(): Promise<string> {
  csrfToken ??= api.GET('/account/token').then(({ data, error, response }) => {
    if (!data) throw ApiError.from(response.status, error);
    return data.token;
  });
  csrfToken.catch(() => {
    csrfToken = null;
  });
  return csrfToken;
}

/** Forgets the cached CSRF token (after sign-in, sign-out or a refusal). */
export function resetCsrfToken(): void {
  csrfToken = null;
}

async function errorCodeOf(response: Response): Promise<string | undefined> {
  try {
    const body: unknown = await response.clone().json();
    if (body && typeof body === 'object' && 'errorCode' in body) {
      return String((body as { errorCode: unknown }).errorCode);
    }
  } catch {
    // not JSON
  }
  return undefined;
}

// Unsafe requests carry the CSRF header; a refusal with A-106 refreshes the token and retries once.
// The token is bound to the session: an answer that changes the session (sign-in, sign-up with
// sign-in, sign-out, impersonation and its end) brings the next token in the same header, which
// replaces the cached one here, for every such operation at once.
const sentCopies = new Map<string, Request>();

export const csrfMiddleware: Middleware = {
  async onRequest({ request, id }) {
    if (!UNSAFE_METHODS.has(request.method.toUpperCase())) return undefined;
    request.headers.set(CSRF_HEADER, await getCsrfToken());
    sentCopies.set(id, request.clone());
    return request;
  },
  async onResponse({ response, id, options }) {
    const next = response.headers.get(CSRF_HEADER);
    if (next) csrfToken = Promise.resolve(next);
    const copy = sentCopies.get(id);
    sentCopies.delete(id);
    if (!copy || response.status !== 403) return undefined;
    if ((await errorCodeOf(response)) !== CSRF_ERROR_CODE) return undefined;
    resetCsrfToken();
    copy.headers.set(CSRF_HEADER, await getCsrfToken());
    return options.fetch(copy);
  },
  onError({ id }) {
    sentCopies.delete(id);
    return undefined;
  },
};

/**
 * Every write carries an Idempotency-Key, so the server makes its change at most once however
 * often the same request reaches it (docs/api.md). One key per request is one per user action:
 * mutations are never retried (query-client.ts), and the CSRF middleware's one retry after A-106
 * resends its copy of the request, key included (the refused request took no key on the server).
 * A caller that resends a request itself names its own key (the booking form keeps one per
 * payload), which is left as it is.
 */
export const idempotencyMiddleware: Middleware = {
  onRequest({ request }) {
    if (!UNSAFE_METHODS.has(request.method.toUpperCase())) return undefined;
    if (request.headers.has(IDEMPOTENCY_HEADER)) return undefined;
    request.headers.set(IDEMPOTENCY_HEADER, crypto.randomUUID());
    return request;
  },
};

// The key first: the CSRF middleware's copy for its retry carries it.
api.use(idempotencyMiddleware, csrfMiddleware, offlineMiddleware);

type Result<D> = { data?: D; error?: unknown; response: Response };

/** Awaits an openapi-fetch call: returns its data, or throws an ApiError for any non-2xx answer. */
export async function unwrap<D>(call: Promise<Result<D>>): Promise<D> {
  const { data, error, response } = await call;
  if (!response.ok) throw ApiError.from(response.status, error);
  return data as D;
}
