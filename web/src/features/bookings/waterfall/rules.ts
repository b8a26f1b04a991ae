import type { components } from '@/api/schema';

export type Waterfall = components['schemas']['WaterfallView'];
export type WaterfallCandidate = NonNullable<Waterfall['candidates']>[number];

/** How often the panel asks again while a waterfall may still move (no push channel). */
export const WATERFALL_POLL_MS = 5000;

/** A waterfall that can still change without the manager: running, or paused with offers open. */
export const isMoving = (w: Waterfall) =>
  w.state === 'running' || (w.state === 'paused' && w.open > 0);

/** Moves the item at index one place up (-1) or down (+1); out of range leaves the list as is. */
export function moved<T>(list: T[], index: number, by: -1 | 1): T[] {
  const to = index + by;
  if (index < 0 || to < 0 || to >= list.length) return list;
  const next = [...list];
  next.splice(to, 0, ...next.splice(index, 1));
  return next;
}
