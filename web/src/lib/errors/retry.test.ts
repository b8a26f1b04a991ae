import { describe, expect, it } from 'vitest';
import { ApiError } from '@/api/errors';
import { MAX_RETRIES, shouldRetry } from './retry';

describe('shouldRetry', () => {
  it.each([400, 401, 403, 404, 409, 422, 500])('never retries %i', (status) => {
    expect(shouldRetry(0, new ApiError(status, '', ''))).toBe(false);
  });

  it.each([408, 429, 502, 503, 504])('retries %i up to 5 times', (status) => {
    const err = new ApiError(status, '', '');
    const retries = [0, 1, 2, 3, 4, 5, 6].filter((n) => shouldRetry(n, err));
    expect(retries).toHaveLength(MAX_RETRIES);
    expect(shouldRetry(4, err)).toBe(true);
    expect(shouldRetry(5, err)).toBe(false);
  });

  it('retries network errors up to 5 times', () => {
    expect(shouldRetry(0, new TypeError('Failed to fetch'))).toBe(true);
    expect(shouldRetry(5, new TypeError('Failed to fetch'))).toBe(false);
  });
});
