import { describe, expect, it, vi } from 'vitest';
import { createRetryingFetch, loginRedirectUrl, MAX_RETRIES, retryDelayMs } from './api';

const noSleep = () => Promise.resolve();

function sequence(...statuses: number[]) {
  const calls: string[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    calls.push((input as Request).method);
    const status = statuses[Math.min(calls.length - 1, statuses.length - 1)] ?? 200;
    return new Response(status === 204 ? null : '{}', { status });
  });
  return { fetchMock: fetchMock as unknown as typeof fetch, calls };
}

describe('retrying fetch', () => {
  it('retries an idempotent GET on 503 until it succeeds', async () => {
    const { fetchMock, calls } = sequence(503, 502, 200);
    const response = await createRetryingFetch(fetchMock, noSleep)('http://api.test/v1/x');
    expect(response.status).toBe(200);
    expect(calls).toEqual(['GET', 'GET', 'GET']);
  });

  it.each([408, 425, 429, 500, 502, 503, 504])('retries on %i', async (status) => {
    const { calls, fetchMock } = sequence(status, 200);
    await createRetryingFetch(fetchMock, noSleep)('http://api.test/v1/x', { method: 'DELETE' });
    expect(calls).toHaveLength(2);
  });

  it('does not retry a POST, nor a 400 or 404', async () => {
    const post = sequence(503, 200);
    expect((await createRetryingFetch(post.fetchMock, noSleep)('http://api.test/v1/x', { method: 'POST', body: '{}' })).status).toBe(503);
    expect(post.calls).toHaveLength(1);
    const notFound = sequence(404, 200);
    expect((await createRetryingFetch(notFound.fetchMock, noSleep)('http://api.test/v1/x')).status).toBe(404);
    expect(notFound.calls).toHaveLength(1);
  });

  it('retries a 409 only when the problem says it is transient', async () => {
    const answers = [{ status: 409, code: 'stale_version' }, { status: 409, code: 'busy', retryable: true }];
    for (const body of answers) {
      const calls: number[] = [];
      const fetchMock = (async () => {
        calls.push(1);
        return new Response(JSON.stringify(calls.length === 1 ? body : {}), { status: calls.length === 1 ? 409 : 200 });
      }) as unknown as typeof fetch;
      const response = await createRetryingFetch(fetchMock, noSleep)('http://api.test/v1/x', { method: 'PUT', body: '{}' });
      expect(response.status).toBe(body.retryable ? 200 : 409);
      expect(calls).toHaveLength(body.retryable ? 2 : 1);
    }
  });

  it('retries a read-only POST (the calendar range) and a create with an Idempotency-Key, not a bare create', async () => {
    const range = sequence(503, 200);
    await createRetryingFetch(range.fetchMock, noSleep)('http://api.test/v1/tenants/t/users/u/appointments/by', { method: 'POST', body: '{}' });
    expect(range.calls).toHaveLength(2);
    const keyed = sequence(503, 200);
    await createRetryingFetch(keyed.fetchMock, noSleep)('http://api.test/v1/tenants/t/services', {
      method: 'POST',
      body: '{}',
      headers: { 'Idempotency-Key': 'key-12345678' },
    });
    expect(keyed.calls).toHaveLength(2);
    const bare = sequence(503, 200);
    await createRetryingFetch(bare.fetchMock, noSleep)('http://api.test/v1/tenants/t/services', { method: 'POST', body: '{}' });
    expect(bare.calls).toHaveLength(1);
  });

  it('never repeats a non-idempotent request: a bare create on a network error, a PATCH, a keyed create on a 409 not marked retryable', async () => {
    let sent = 0;
    const failing = (async () => {
      sent += 1;
      throw new TypeError('fetch failed');
    }) as unknown as typeof fetch;
    await expect(createRetryingFetch(failing, noSleep)('http://api.test/v1/tenants/t/customers', { method: 'POST', body: '{}' })).rejects.toThrow('fetch failed');
    expect(sent).toBe(1);

    const patch = sequence(503, 200);
    expect((await createRetryingFetch(patch.fetchMock, noSleep)('http://api.test/v1/x', { method: 'PATCH', body: '{}' })).status).toBe(503);
    expect(patch.calls).toHaveLength(1);

    const conflicts: number[] = [];
    const conflict = (async () => {
      conflicts.push(1);
      return new Response(JSON.stringify({ status: 409, code: 'duplicate_name' }), { status: 409 });
    }) as unknown as typeof fetch;
    const keyed = { method: 'POST', body: '{}', headers: { 'Idempotency-Key': 'key-12345678' } };
    expect((await createRetryingFetch(conflict, noSleep)('http://api.test/v1/tenants/t/services', keyed)).status).toBe(409);
    expect(conflicts).toHaveLength(1);
  });

  it('sends a retried create with the same Idempotency-Key and body each time, so the server applies it once', async () => {
    const seen: Array<[string | null, string]> = [];
    const fetchMock = (async (input: Request) => {
      seen.push([input.headers.get('Idempotency-Key'), await input.text()]);
      if (seen.length === 1) throw new TypeError('fetch failed');
      return new Response('{}', { status: seen.length === 2 ? 503 : 201 });
    }) as unknown as typeof fetch;
    const response = await createRetryingFetch(fetchMock, noSleep)('http://api.test/v1/tenants/t/customers', {
      method: 'POST',
      body: '{"customer":{"name":"Ana"}}',
      headers: { 'Idempotency-Key': 'key-abcdef12' },
    });
    expect(response.status).toBe(201);
    expect(seen).toEqual(Array.from({ length: 3 }, () => ['key-abcdef12', '{"customer":{"name":"Ana"}}']));
  });

  it('retries the repeat preview like a GET, and never a 409 double booking of the calendar range or a create', async () => {
    const preview = sequence(503, 200);
    await createRetryingFetch(preview.fetchMock, noSleep)('http://api.test/v1/tenants/t/users/u/appointments/series-preview', {
      method: 'POST',
      body: '{}',
    });
    expect(preview.calls).toHaveLength(2);
    for (const url of ['http://api.test/v1/tenants/t/users/u/appointments/by', 'http://api.test/v1/tenants/t/users/u/appointments']) {
      const calls: number[] = [];
      const fetchMock = (async () => {
        calls.push(1);
        return new Response(JSON.stringify({ status: 409, code: 'double_booking' }), { status: 409 });
      }) as unknown as typeof fetch;
      const response = await createRetryingFetch(fetchMock, noSleep)(url, {
        method: 'POST',
        body: '{}',
        headers: { 'Idempotency-Key': 'key-12345678' },
      });
      expect(response.status).toBe(409);
      expect(calls).toHaveLength(1);
    }
  });

  it('does not take a path that only ends like a read-only POST for one (a create of appointments is not retried bare)', async () => {
    const create = sequence(503, 200);
    await createRetryingFetch(create.fetchMock, noSleep)('http://api.test/v1/tenants/t/users/u/appointments', { method: 'POST', body: '{}' });
    expect(create.calls).toHaveLength(1);
  });

  it('gives up after the maximum number of retries and answers the last response', async () => {
    const { fetchMock, calls } = sequence(503);
    expect((await createRetryingFetch(fetchMock, noSleep)('http://api.test/v1/x')).status).toBe(503);
    expect(calls).toHaveLength(MAX_RETRIES + 1);
  });

  it('resends the body of a retried PUT', async () => {
    const bodies: string[] = [];
    const fetchMock = (async (input: Request) => {
      bodies.push(await input.text());
      return new Response('{}', { status: bodies.length === 1 ? 503 : 200 });
    }) as unknown as typeof fetch;
    await createRetryingFetch(fetchMock, noSleep)('http://api.test/v1/x', { method: 'PUT', body: '{"a":1}' });
    expect(bodies).toEqual(['{"a":1}', '{"a":1}']);
  });

  it('backs off exponentially and honours Retry-After', () => {
    expect(retryDelayMs(0, null)).toBe(300);
    expect(retryDelayMs(2, null)).toBe(1200);
    expect(retryDelayMs(1, '3')).toBe(3000);
    expect(retryDelayMs(10, null)).toBe(10_000);
  });
});

describe('login redirect', () => {
  it('keeps the current page as redirectedFrom, in the current locale', () => {
    expect(loginRedirectUrl('/customers?q=ana')).toBe('/login?redirectedFrom=%2Fcustomers%3Fq%3Dana');
    expect(loginRedirectUrl('/es-ES/customers')).toBe('/es-ES/login?redirectedFrom=%2Fes-ES%2Fcustomers');
    expect(loginRedirectUrl('/login')).toBe('/login');
  });
});
