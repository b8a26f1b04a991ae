import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import {
  FETCH_DELAY_MS,
  NAVIGATION_THROTTLE_MS,
  REFRESH_THROTTLE_MS,
  createDebounce,
  createThrottle,
  navigationStep,
  useDelayed,
  useThrottled,
} from './use-timing';

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2026-11-23T10:00:00Z'));
});
afterEach(() => vi.useRealTimers());

describe('createThrottle', () => {
  it('runs the first call and drops calls within the navigation throttle', () => {
    const fn = vi.fn();
    const nav = createThrottle(fn, NAVIGATION_THROTTLE_MS);
    expect(nav(1)).toBe(true);
    vi.advanceTimersByTime(499);
    expect(nav(2)).toBe(false);
    expect(fn).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(nav(3)).toBe(true);
    expect(fn.mock.calls).toEqual([[1], [3]]);
  });

  it('lets the refresh run once per 5 seconds', () => {
    const fn = vi.fn();
    const refresh = createThrottle(fn, REFRESH_THROTTLE_MS);
    refresh();
    for (let i = 0; i < 4; i++) {
      vi.advanceTimersByTime(1000);
      refresh();
    }
    expect(fn).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1000);
    refresh();
    expect(fn).toHaveBeenCalledTimes(2);
  });
});

describe('createDebounce', () => {
  it('runs once, 500 ms after the last call, with its arguments', () => {
    const fn = vi.fn();
    const fetchLater = createDebounce(fn, FETCH_DELAY_MS);
    fetchLater('2026-11');
    vi.advanceTimersByTime(300);
    fetchLater('2026-12');
    vi.advanceTimersByTime(499);
    expect(fn).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(fn).toHaveBeenCalledExactlyOnceWith('2026-12');
  });

  it('can be cancelled', () => {
    const fn = vi.fn();
    const d = createDebounce(fn, FETCH_DELAY_MS);
    d();
    d.cancel();
    vi.advanceTimersByTime(1000);
    expect(fn).not.toHaveBeenCalled();
  });
});

describe('navigationStep', () => {
  it('jumps three months with ctrl or cmd, otherwise one', () => {
    expect(navigationStep({})).toBe(1);
    expect(navigationStep({ ctrlKey: true })).toBe(3);
    expect(navigationStep({ metaKey: true })).toBe(3);
  });
});

describe('hooks', () => {
  it('useThrottled keeps its throttle across renders and calls the latest function', () => {
    const first = vi.fn();
    const second = vi.fn();
    const { result, rerender } = renderHook(({ fn }) => useThrottled(fn, 500), {
      initialProps: { fn: first },
    });
    result.current();
    rerender({ fn: second });
    result.current();
    expect(first).toHaveBeenCalledTimes(1);
    expect(second).not.toHaveBeenCalled();
    vi.advanceTimersByTime(500);
    result.current();
    expect(second).toHaveBeenCalledTimes(1);
  });

  it('useDelayed gives the first value at once and a change 500 ms later', () => {
    const { result, rerender } = renderHook(({ v }) => useDelayed(v, FETCH_DELAY_MS), {
      initialProps: { v: '2026-11' },
    });
    expect(result.current).toBe('2026-11');
    rerender({ v: '2026-12' });
    act(() => vi.advanceTimersByTime(250));
    rerender({ v: '2027-01' });
    act(() => vi.advanceTimersByTime(499));
    expect(result.current).toBe('2026-11');
    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toBe('2027-01');
  });
});
