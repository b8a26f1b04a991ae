/**
 * What the service worker does with a push and with a click on its notification, as pure
 * functions of their inputs (sw.ts wires them to the worker's events). The payload is what the
 * server's push package sends (internal/notifications/push, Payload).
 */

/** One answer button of a pushed notification, with the token signed for it. */
export interface PushAction {
  action: string;
  title: string;
  token: string;
}

/** A push's payload. */
export interface PushPayload {
  title: string;
  body: string;
  path: string;
  tag: string;
  types: string[];
  actions?: PushAction[];
}

/** What the notification keeps to act on a click. */
export interface NotificationData {
  path: string;
  tokens: Record<string, string>;
}

/** A notification to show: its title and the options of showNotification. */
export interface ShownNotification {
  title: string;
  options: {
    body: string;
    tag: string;
    icon: string;
    badge: string;
    data: NotificationData;
    actions: { action: string; title: string }[];
    requireInteraction?: boolean;
  };
}

const ICON = '/icons/icon-192.png';

/** Reads a push's JSON payload; null for a push that is not one of ours. */
export function readPayload(text: string | null | undefined): PushPayload | null {
  if (!text) return null;
  try {
    const p: unknown = JSON.parse(text);
    if (!p || typeof p !== 'object') return null;
    const o = p as Partial<PushPayload>;
    if (typeof o.title !== 'string' || typeof o.path !== 'string' || !o.path.startsWith('/'))
      return null;
    return {
      title: o.title,
      body: typeof o.body === 'string' ? o.body : '',
      path: o.path,
      tag: typeof o.tag === 'string' ? o.tag : '',
      types: Array.isArray(o.types) ? o.types.filter((t) => typeof t === 'string') : [],
      actions: Array.isArray(o.actions)
        ? o.actions.filter(
            (a): a is PushAction =>
              !!a &&
              typeof a.action === 'string' &&
              typeof a.title === 'string' &&
              typeof a.token === 'string',
          )
        : [],
    };
  } catch {
    return null;
  }
}

/** The notification a payload shows: its answers as buttons, their tokens kept in its data. */
export function notificationOf(p: PushPayload): ShownNotification {
  const actions = p.actions ?? [];
  return {
    title: p.title,
    options: {
      body: p.body,
      tag: p.tag,
      icon: ICON,
      badge: ICON,
      data: { path: p.path, tokens: Object.fromEntries(actions.map((a) => [a.action, a.token])) },
      actions: actions.map(({ action, title }) => ({ action, title })),
      // An offer waits for its answer rather than fading from the screen.
      requireInteraction: actions.length > 0 || undefined,
    },
  };
}

/** What a click asks for: an answer with its token, or opening the app at path. */
export type ClickIntent =
  { kind: 'answer'; token: string; path: string } | { kind: 'open'; path: string };

/** The intent of a click on a notification with data, on its body ('') or one of its buttons. */
export function clickIntent(action: string, data: NotificationData | undefined): ClickIntent {
  const path = data?.path?.startsWith('/') ? data.path : '/';
  const token = action ? data?.tokens?.[action] : undefined;
  return token ? { kind: 'answer', token, path } : { kind: 'open', path };
}

/** The notification that says how an answer went, in place of the one answered (same tag). */
export function answeredNotification(
  message: string,
  ok: boolean,
  path: string,
  tag: string,
): ShownNotification {
  return {
    title: ok ? message : 'Not answered',
    options: {
      body: ok ? '' : `${message} Open Hive to answer.`,
      tag,
      icon: ICON,
      badge: ICON,
      data: { path, tokens: {} },
      actions: [],
    },
  };
}

/** The message of an error answer of the API, or a general one. */
export async function messageOf(res: Response): Promise<string> {
  try {
    const body = (await res.json()) as { error?: unknown; detail?: { msg?: unknown }[] };
    const detail = body.detail?.find((d) => typeof d.msg === 'string')?.msg;
    if (typeof detail === 'string') return detail;
    if (typeof body.error === 'string') return body.error;
  } catch {
    // not JSON
  }
  return 'Hive could not take this answer.';
}

/**
 * Posts an answer's token as the app's buttons post their answers: with the browser's CSRF
 * token (GET /account/token) and an Idempotency-Key. Resolves to the message to show.
 */
export async function postAnswer(
  fetcher: typeof fetch,
  token: string,
): Promise<{ ok: boolean; message: string }> {
  try {
    const csrf = await fetcher('/api/v1/account/token', { credentials: 'same-origin' });
    const { token: csrfToken } = (await csrf.json()) as { token: string };
    const res = await fetcher('/api/v1/push/answer', {
      method: 'POST',
      credentials: 'same-origin',
      headers: {
        'Content-Type': 'application/json',
        'X-CSRF-Token': csrfToken,
        'Idempotency-Key': crypto.randomUUID(),
      },
      body: JSON.stringify({ token }),
    });
    if (res.ok) return { ok: true, message: ((await res.json()) as { message: string }).message };
    return { ok: false, message: await messageOf(res) };
  } catch {
    return { ok: false, message: 'You are offline.' };
  }
}
