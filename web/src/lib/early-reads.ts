import type { QueryKey } from '@tanstack/react-query';

/**
 * Reads a page will make, started before its code has arrived: the app starts them as it loads
 * (app/first-reads.ts) and the page's query takes the answer instead of asking again. A read is
 * taken once, and only within FRESH_MS of starting; a later or repeated fetch of the query (a
 * refetch, an invalidation, a retry) reads anew, so nothing older is ever shown as current.
 */
export const EARLY_READ_FRESH_MS = 10_000;

const reads = new Map<string, { startedAt: number; answer: Promise<unknown> }>();

const keyOf = (queryKey: QueryKey) => JSON.stringify(queryKey);

/** Starts read now for the query queryKey, unless one is already waiting to be taken. */
export function startEarlyRead(queryKey: QueryKey, read: () => Promise<unknown>): void {
  const key = keyOf(queryKey);
  const waiting = reads.get(key);
  if (waiting && Date.now() - waiting.startedAt < EARLY_READ_FRESH_MS) return;
  const answer = read();
  answer.catch(() => {}); // a failure reaches the query that takes it, or nobody
  reads.set(key, { startedAt: Date.now(), answer });
}

/** The early read of queryKey when one is fresh (taking it), else read() now. */
export function takeEarlyRead<T>(queryKey: QueryKey, read: () => Promise<T>): Promise<T> {
  const key = keyOf(queryKey);
  const early = reads.get(key);
  reads.delete(key);
  if (early && Date.now() - early.startedAt < EARLY_READ_FRESH_MS) return early.answer as Promise<T>;
  return read();
}

/** Drops every waiting read (tests; a change of the signed-in user). */
export function clearEarlyReads(): void {
  reads.clear();
}
