import { answeredNotification, clickIntent, notificationOf, postAnswer, readPayload } from './push';
import { keptOffline, servedOffline, stamped, OFFLINE_HEADER, SYNCED_AT_HEADER } from './offline';

const offer = JSON.stringify({
  title: 'New offer: Evening News',
  body: 'You are offered Camera on Mon, 01 Jul 2030 09:00 to 17:00.',
  path: '/bookings/1/edit?placementId=2',
  tag: 'hive-push-7',
  types: ['supplier.offered'],
  actions: [
    { action: 'accept', title: 'Accept', token: 'tok-a' },
    { action: 'decline', title: 'Decline', token: 'tok-d' },
  ],
});

describe('the service worker with a push', () => {
  it('shows an offer with its answers as buttons and keeps their tokens off the screen', () => {
    const p = readPayload(offer);
    expect(p).not.toBeNull();
    const n = notificationOf(p!);
    expect(n.title).toBe('New offer: Evening News');
    expect(n.options.actions).toEqual([
      { action: 'accept', title: 'Accept' },
      { action: 'decline', title: 'Decline' },
    ]);
    expect(n.options.data).toEqual({
      path: '/bookings/1/edit?placementId=2',
      tokens: { accept: 'tok-a', decline: 'tok-d' },
    });
    expect(n.options.tag).toBe('hive-push-7');
    expect(n.options.requireInteraction).toBe(true);
  });

  it('ignores a push that is not one of ours, or would open another site', () => {
    expect(readPayload('not json')).toBeNull();
    expect(readPayload(JSON.stringify({ title: 'x', path: 'https://evil.example/' }))).toBeNull();
    expect(readPayload(null)).toBeNull();
  });

  it('answers on a button and opens the app on the body', () => {
    const data = { path: '/agenda', tokens: { accept: 'tok-a' } };
    expect(clickIntent('accept', data)).toEqual({
      kind: 'answer',
      token: 'tok-a',
      path: '/agenda',
    });
    expect(clickIntent('', data)).toEqual({ kind: 'open', path: '/agenda' });
    expect(clickIntent('decline', data)).toEqual({ kind: 'open', path: '/agenda' });
    expect(clickIntent('', undefined)).toEqual({ kind: 'open', path: '/' });
  });

  it('posts the token with the CSRF token and says how it went', async () => {
    const calls: [string, RequestInit | undefined][] = [];
    const fetcher = (async (url: string, init?: RequestInit) => {
      calls.push([url, init]);
      if (url.endsWith('/account/token')) return new Response(JSON.stringify({ token: 'csrf-1' }));
      return new Response(JSON.stringify({ message: 'Offer accepted.' }));
    }) as typeof fetch;
    expect(await postAnswer(fetcher, 'tok-a')).toEqual({ ok: true, message: 'Offer accepted.' });
    const [url, init] = calls[1]!;
    expect(url).toBe('/api/v1/push/answer');
    expect((init?.headers as Record<string, string>)['X-CSRF-Token']).toBe('csrf-1');
    expect(init?.body).toBe(JSON.stringify({ token: 'tok-a' }));

    const refusing = (async (url: string) =>
      url.endsWith('/account/token')
        ? new Response(JSON.stringify({ token: 'csrf-1' }))
        : new Response(
            JSON.stringify({
              error: 'invalid',
              detail: [{ loc: ['body', 'token'], msg: 'This answer has expired.' }],
            }),
            { status: 422 },
          )) as typeof fetch;
    const refused = await postAnswer(refusing, 'tok-a');
    expect(refused).toEqual({ ok: false, message: 'This answer has expired.' });
    expect(answeredNotification(refused.message, false, '/agenda', 't').options.body).toBe(
      'This answer has expired. Open Hive to answer.',
    );
  });
});

describe('the service worker offline', () => {
  const origin = 'https://hive.example';
  it('keeps the agenda and Home answers only', () => {
    for (const p of [
      '/api/v1/agenda?tab=outstanding',
      '/api/v1/agenda/stats',
      '/api/v1/account/whoami',
      '/api/v1/invitation/by-user/3',
    ]) {
      expect(keptOffline(new URL(p, origin), origin)).toBe(true);
    }
    for (const p of [
      '/api/v1/booking/1',
      '/api/v1/notification',
      '/agenda',
      '/api/v1/agenda/feed',
    ]) {
      expect(keptOffline(new URL(p, origin), origin)).toBe(false);
    }
    expect(keptOffline(new URL('/api/v1/agenda', 'https://other.example'), origin)).toBe(false);
  });

  it('stamps a copy with its sync time and marks it when served offline', async () => {
    const copy = await stamped(
      new Response('{"items":[]}', { headers: { 'Content-Type': 'application/json' } }),
      new Date('2026-11-29T13:05:00Z'),
    );
    expect(copy.headers.get(SYNCED_AT_HEADER)).toBe('2026-11-29T13:05:00.000Z');
    const served = await servedOffline(copy);
    expect(served.headers.get(OFFLINE_HEADER)).toBe('1');
    expect(await served.text()).toBe('{"items":[]}');
  });
});
