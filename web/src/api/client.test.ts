import { beforeEach, describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch } from '@/test/render';
import { errorResponse } from '@/test/server-errors';
import { api, CSRF_HEADER, IDEMPOTENCY_HEADER, resetCsrfToken, unwrap } from './client';
import { ApiError } from './errors';

describe('api client CSRF', () => {
  beforeEach(() => resetCsrfToken());

  it('fetches the token once and sends it on unsafe methods only', async () => {
    const seen: string[] = [];
    const fetch = mockFetch((req) => {
      const path = new URL(req.url).pathname;
      seen.push(`${req.method} ${path} ${req.headers.get(CSRF_HEADER) ?? '-'}`);
      if (path === '/api/v1/account/token') return jsonResponse({ token: 'tok-1' });
      if (path === '/api/v1/account/whoami') return jsonResponse({ id: 1 });
      return new Response(null, { status: 204 });
    });
    await unwrap(api.POST('/account/logout'));
    await unwrap(api.POST('/account/logout'));
    await unwrap(api.GET('/account/whoami'));
    expect(seen).toEqual([
      'GET /api/v1/account/token -',
      'POST /api/v1/account/logout tok-1',
      'POST /api/v1/account/logout tok-1',
      'GET /api/v1/account/whoami -',
    ]);
    expect(fetch).toHaveBeenCalledTimes(4);
  });

  it('refreshes the token once and retries after A-106', async () => {
    let tokens = 0;
    const bodies: string[] = [];
    mockFetch(async (req) => {
      const path = new URL(req.url).pathname;
      if (path === '/api/v1/account/token') return jsonResponse({ token: `tok-${++tokens}` });
      bodies.push(`${req.headers.get(CSRF_HEADER)} ${await req.text()}`);
      if (req.headers.get(CSRF_HEADER) === 'tok-1') {
        return errorResponse(403, 'CSRF token missing or invalid', 'A-106');
      }
      return jsonResponse({ message: 'sent' }, 202);
    });
    const res = await unwrap(
      api.POST('/account/request-password-reset', { body: { email: 'a@b.c' } }),
    );
    expect(res).toEqual({ message: 'sent' });
    expect(bodies).toEqual(['tok-1 {"email":"a@b.c"}', 'tok-2 {"email":"a@b.c"}']);
  });

  it('takes the next token from an answer that changed the session', async () => {
    const seen: string[] = [];
    mockFetch((req) => {
      const path = new URL(req.url).pathname;
      seen.push(`${req.method} ${path} ${req.headers.get(CSRF_HEADER) ?? '-'}`);
      if (path === '/api/v1/account/token') return jsonResponse({ token: 'before-login' });
      if (path === '/api/v1/account/login') {
        return new Response(JSON.stringify({ id: 1 }), {
          status: 200,
          headers: { 'Content-Type': 'application/json', [CSRF_HEADER]: 'after-login' },
        });
      }
      return new Response(null, { status: 204 });
    });
    await unwrap(api.POST('/account/login', { body: { email: 'a@b.c', password: 'x' } }));
    await unwrap(api.POST('/account/logout'));
    expect(seen).toEqual([
      'GET /api/v1/account/token -',
      'POST /api/v1/account/login before-login',
      'POST /api/v1/account/logout after-login',
    ]);
  });

  it('does not retry other 403s and throws an ApiError', async () => {
    let posts = 0;
    mockFetch((req) => {
      if (new URL(req.url).pathname === '/api/v1/account/token')
        return jsonResponse({ token: 't' });
      posts++;
      return errorResponse(403, 'Access denied', 'A-102');
    });
    const err = await unwrap(api.POST('/account/cancel-impersonate')).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 403, errorCode: 'A-102', message: 'Access denied' });
    expect(posts).toBe(1);
  });
});

describe('api client Idempotency-Key', () => {
  beforeEach(() => resetCsrfToken());

  it('gives each write its own key, keeps a key the caller named, and gives reads none', async () => {
    const keys: string[] = [];
    mockFetch((req) => {
      const path = new URL(req.url).pathname;
      if (path === '/api/v1/account/token') return jsonResponse({ token: 't' });
      keys.push(`${req.method} ${req.headers.get(IDEMPOTENCY_HEADER) ?? '-'}`);
      if (path === '/api/v1/account/whoami') return jsonResponse({ id: 1 });
      return new Response(null, { status: 204 });
    });
    await unwrap(api.POST('/account/logout'));
    await unwrap(api.POST('/account/logout'));
    await unwrap(
      api.POST('/account/logout', { headers: { [IDEMPOTENCY_HEADER]: 'the-form-key' } }),
    );
    await unwrap(api.GET('/account/whoami'));
    const [first, second, named, read] = keys;
    expect(first).toMatch(/^POST [0-9a-f-]{36}$/);
    expect(second).toMatch(/^POST [0-9a-f-]{36}$/);
    expect(second).not.toEqual(first);
    expect(named).toEqual('POST the-form-key');
    expect(read).toEqual('GET -');
  });

  it('resends the same key when it retries after A-106', async () => {
    let tokens = 0;
    const sent: string[] = [];
    mockFetch((req) => {
      const path = new URL(req.url).pathname;
      if (path === '/api/v1/account/token') return jsonResponse({ token: `tok-${++tokens}` });
      sent.push(req.headers.get(IDEMPOTENCY_HEADER) ?? '-');
      if (req.headers.get(CSRF_HEADER) === 'tok-1') {
        return errorResponse(403, 'CSRF token missing or invalid', 'A-106');
      }
      return jsonResponse({ message: 'sent' }, 202);
    });
    await unwrap(api.POST('/account/request-password-reset', { body: { email: 'a@b.c' } }));
    expect(sent).toHaveLength(2);
    expect(sent[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(sent[1]).toEqual(sent[0]);
  });
});
