import type { Middleware } from 'openapi-fetch';
import { useSyncExternalStore } from 'react';
import { Workbox } from 'workbox-window';
import { API_CACHE, OFFLINE_HEADER, SYNCED_AT_HEADER } from '@/sw/offline';

/**
 * Whether the app is offline, and since when its copies are: the service worker serves the last
 * answer of the agenda and Home operations when the network is down, marked (src/sw/offline.ts);
 * this store notes the oldest copy served, so the pages say how old what they show is, and
 * answers are turned off until an answer comes from the server again.
 */
export interface OfflineState {
  offline: boolean;
  /** When the oldest copy shown was synced (ISO 8601), or null when none is shown. */
  syncedAt: string | null;
}

const online: OfflineState = { offline: false, syncedAt: null };
let state: OfflineState =
  typeof navigator !== 'undefined' && navigator.onLine === false
    ? { offline: true, syncedAt: null }
    : online;
const listeners = new Set<() => void>();

function set(next: OfflineState) {
  if (next.offline === state.offline && next.syncedAt === state.syncedAt) return;
  state = next;
  listeners.forEach((l) => l());
}

/** Notes a served copy synced at syncedAt: the oldest shown is the one the pages name. */
export function noteOfflineCopy(syncedAt: string | null) {
  const oldest =
    state.syncedAt && syncedAt
      ? state.syncedAt < syncedAt
        ? state.syncedAt
        : syncedAt
      : (syncedAt ?? state.syncedAt);
  set({ offline: true, syncedAt: oldest });
}

/** Notes that the network failed, or came back. */
export function noteNetwork(up: boolean) {
  set(up ? online : { offline: true, syncedAt: state.syncedAt });
}

/** The offline state, kept current. */
export function useOffline(): OfflineState {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => state,
    () => online,
  );
}

/** Reads the service worker's marks off every API answer. */
export const offlineMiddleware: Middleware = {
  onResponse({ response }) {
    if (response.headers.get(OFFLINE_HEADER))
      noteOfflineCopy(response.headers.get(SYNCED_AT_HEADER));
    else if (response.status < 500) noteNetwork(true);
    return undefined;
  },
  onError() {
    noteNetwork(false);
    return undefined;
  },
};

/** Deletes the copies kept for offline use (at sign-out: they are the last user's). */
export async function clearOfflineCopies(): Promise<void> {
  if (typeof caches === 'undefined') return;
  await caches.delete(API_CACHE);
}

/**
 * Registers the service worker (a production build only: the development server has none) and
 * follows the browser's online and offline events.
 */
export function startOfflineSupport(): void {
  if (typeof window === 'undefined') return;
  window.addEventListener('online', () => noteNetwork(true));
  window.addEventListener('offline', () => noteNetwork(false));
  if (import.meta.env.PROD && 'serviceWorker' in navigator) {
    void new Workbox('/sw.js').register();
  }
}
