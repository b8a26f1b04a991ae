import { describe, expect, it } from 'vitest';
import { intervalLabel, syncState } from './rules';

describe('syncState', () => {
  it('says failing while the last sync failed, even after a good one', () => {
    expect(syncState({ lastError: 'refused', lastGoodSyncAt: '2027-03-01T09:00:00Z' })).toEqual({
      label: 'Sync failing',
      colour: 'red.9',
    });
  });
  it('says synced after a good sync and waiting before the first', () => {
    expect(syncState({ lastError: '', lastGoodSyncAt: '2027-03-01T09:00:00Z' }).label).toBe(
      'Synced',
    );
    expect(syncState({ lastError: '', lastGoodSyncAt: null }).label).toBe('Waiting for first sync');
  });
});

describe('intervalLabel', () => {
  it('names offered intervals and any other', () => {
    expect(intervalLabel(10)).toBe('Every 10 minutes');
    expect(intervalLabel(60)).toBe('Every hour');
    expect(intervalLabel(7)).toBe('Every 7 minutes');
  });
});
