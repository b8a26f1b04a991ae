import { useCallback, useEffect, useRef, useState } from 'react';

/** The scheduler's timings (spec part 2 §9). */
export const NAVIGATION_THROTTLE_MS = 500;
export const REFRESH_THROTTLE_MS = 5000;
export const FETCH_DELAY_MS = 500;
/** Prev/Next move one month; with ctrl (or cmd) three. */
export const JUMP_MONTHS = 3;

/**
 * A leading-edge throttle: the first call runs at once, later calls within `ms` of the last run
 * are dropped (a second click on Prev is ignored, not queued). Reads the clock each call, so
 * fake timers drive it in tests.
 */
export function createThrottle<A extends unknown[]>(
  fn: (...args: A) => void,
  ms: number,
  now: () => number = Date.now,
): (...args: A) => boolean {
  let last = -Infinity;
  return (...args: A) => {
    const t = now();
    if (!throttleAllows(last, t, ms)) return false;
    last = t;
    fn(...args);
    return true;
  };
}

/** Whether a throttled call at `now` may run, the last run having been at `last`. */
export const throttleAllows = (last: number, now: number, ms: number) => now - last >= ms;

/** A trailing debounce: runs `ms` after the last call, with that call's arguments. */
export function createDebounce<A extends unknown[]>(fn: (...args: A) => void, ms: number) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const debounced = (...args: A) => {
    clearTimeout(timer);
    timer = setTimeout(() => fn(...args), ms);
  };
  debounced.cancel = () => clearTimeout(timer);
  return debounced;
}

/** How far Prev/Next move: ctrl- or cmd-click jumps three months. */
export function navigationStep(e: { ctrlKey?: boolean; metaKey?: boolean }): number {
  return e.ctrlKey || e.metaKey ? JUMP_MONTHS : 1;
}

/** A throttled callback that always calls the latest `fn` (the throttle survives renders). */
export function useThrottled<A extends unknown[]>(fn: (...args: A) => void, ms: number) {
  const latest = useRef(fn);
  const last = useRef(-Infinity);
  useEffect(() => {
    latest.current = fn;
  });
  return useCallback(
    (...args: A) => {
      const t = Date.now();
      if (!throttleAllows(last.current, t, ms)) return false;
      last.current = t;
      latest.current(...args);
      return true;
    },
    [ms],
  );
}

/** `value`, `ms` after it last changed (the first value at once). */
export function useDelayed<T>(value: T, ms: number): T {
  const [delayed, setDelayed] = useState(value);
  useEffect(() => {
    if (Object.is(value, delayed)) return;
    const timer = setTimeout(() => setDelayed(value), ms);
    return () => clearTimeout(timer);
  }, [value, delayed, ms]);
  return delayed;
}
