/**
 * Hive's service worker (built by vite-plugin-pwa's injectManifest): it precaches the app shell,
 * keeps the last answer of the agenda and Home operations for offline use (offline.ts), shows
 * pushes as notifications and answers an offer from a notification's button (push.ts).
 */
import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  precacheAndRoute,
} from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { API_CACHE, keptOffline, servedOffline, stamped } from './offline';
import {
  answeredNotification,
  clickIntent,
  notificationOf,
  postAnswer,
  readPayload,
  type NotificationData,
} from './push';

/** The parts of the service worker's scope this file uses (the app's TypeScript has the DOM library, not the worker's). */
interface ExtendableEvent extends Event {
  waitUntil(p: Promise<unknown>): void;
}
interface FetchEvent extends ExtendableEvent {
  request: Request;
  respondWith(r: Promise<Response>): void;
}
interface PushEvent extends ExtendableEvent {
  data: { text(): string } | null;
}
interface NotificationEvent extends ExtendableEvent {
  action: string;
  notification: Notification & { data: NotificationData | undefined };
}
interface WindowClient {
  url: string;
  focus(): Promise<WindowClient>;
  navigate(url: string): Promise<WindowClient | null>;
  postMessage(message: unknown): void;
}
interface Scope {
  __WB_MANIFEST: Parameters<typeof precacheAndRoute>[0];
  location: Location;
  registration: ServiceWorkerRegistration;
  clients: {
    matchAll(o: { type: 'window'; includeUncontrolled: boolean }): Promise<WindowClient[]>;
    openWindow(url: string): Promise<WindowClient | null>;
    claim(): Promise<void>;
  };
  skipWaiting(): Promise<void>;
  addEventListener(type: 'fetch', l: (e: FetchEvent) => void): void;
  addEventListener(type: 'push', l: (e: PushEvent) => void): void;
  addEventListener(type: 'notificationclick', l: (e: NotificationEvent) => void): void;
  addEventListener(type: 'install' | 'activate', l: (e: ExtendableEvent) => void): void;
}
declare const self: Scope;
const sw = self;

// The build injects the list of the shell's files here (its injection point is this expression).
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
// Client-side routes load the precached shell; the API and the calendar feed never do.
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: [/^\/api\//] }),
);

// A new version takes over at once: the shell is the server's, and an old worker would keep an
// old app and its cached answers alive.
sw.addEventListener('install', (e) => e.waitUntil(sw.skipWaiting()));
sw.addEventListener('activate', (e) => e.waitUntil(sw.clients.claim()));

// Network first for the kept answers: online, the answer is the server's and its stamped copy
// is stored; offline, the last copy is served, marked, or the request fails as it would.
sw.addEventListener('fetch', (e) => {
  const url = new URL(e.request.url);
  if (e.request.method !== 'GET' || !keptOffline(url, sw.location.origin)) return;
  const work = (async () => {
    const cache = await caches.open(API_CACHE);
    try {
      const res = await fetch(e.request);
      if (res.ok) await cache.put(e.request, await stamped(res, new Date()));
      else if (res.status === 401) await caches.delete(API_CACHE); // signed out elsewhere: keep nobody's data
      return res;
    } catch (err) {
      const copy = await cache.match(e.request);
      if (copy) return servedOffline(copy);
      throw err;
    }
  })();
  e.respondWith(work);
});

sw.addEventListener('push', (e) => {
  const payload = readPayload(e.data?.text());
  if (!payload) return;
  const n = notificationOf(payload);
  e.waitUntil(sw.registration.showNotification(n.title, n.options as NotificationOptions));
});

sw.addEventListener('notificationclick', (e) => {
  const intent = clickIntent(e.action, e.notification.data);
  const tag = e.notification.tag;
  e.notification.close();
  if (intent.kind === 'answer') {
    e.waitUntil(
      (async () => {
        const { ok, message } = await postAnswer(fetch, intent.token);
        const n = answeredNotification(message, ok, intent.path, tag);
        await sw.registration.showNotification(n.title, n.options as NotificationOptions);
        // Open pages refresh what the answer changed.
        for (const c of await sw.clients.matchAll({ type: 'window', includeUncontrolled: false })) {
          c.postMessage({ type: 'hive:answered' });
        }
      })(),
    );
    return;
  }
  e.waitUntil(
    (async () => {
      const target = new URL(intent.path, sw.location.origin).href;
      const open = await sw.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const first = open[0];
      if (first) {
        await first.focus();
        await first.navigate(target);
        return;
      }
      await sw.clients.openWindow(target);
    })(),
  );
});
