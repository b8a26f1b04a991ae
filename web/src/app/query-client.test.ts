import { MutationObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { accountKeys } from '@/lib/query-keys';
import { makeUser } from '@/test/render';
import { createQueryClient } from './query-client';

describe('createQueryClient', () => {
  it('reads whoami again after a successful write, not after a refused one', async () => {
    const client = createQueryClient();
    client.setQueryData(accountKeys.whoami(), makeUser({ offersAwaitingAnswer: 2 }));
    const whoami = () => client.getQueryState(accountKeys.whoami())?.isInvalidated;

    const refused = new MutationObserver(client, {
      mutationFn: () => Promise.reject(new Error('refused')),
      meta: { silentErrors: true },
    });
    await expect(refused.mutate()).rejects.toThrow('refused');
    expect(whoami()).toBe(false);

    const order: string[] = [];
    const answered = new MutationObserver(client, {
      mutationFn: () => Promise.resolve({ updated: 1 }),
      onSuccess: () => {
        // The write's own follow-up runs first (a switch of user stores the new whoami here).
        order.push(`own onSuccess, whoami invalidated: ${String(whoami())}`);
      },
    });
    await answered.mutate();
    order.push(`after, whoami invalidated: ${String(whoami())}`);
    expect(order).toEqual([
      'own onSuccess, whoami invalidated: false',
      'after, whoami invalidated: true',
    ]);
  });
});
