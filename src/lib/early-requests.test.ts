import { afterEach, describe, expect, it, vi } from 'vitest';
import { dropEarlyRequests, startEarlyRequest, takeEarlyResponse, withEarlyResponses } from './early-requests';

describe('early requests (src/lib/early-requests.ts)', () => {
  afterEach(() => dropEarlyRequests());

  const answer = (body: string) => vi.fn(async () => new Response(body, { headers: { 'Content-Type': 'application/json' } }));

  it('answers the same GET, with the same token, once, without sending it again', async () => {
    const network = answer('{"a":1}');
    vi.stubGlobal('fetch', network);
    void startEarlyRequest('/v1/dashboard?tenantId=t1', Promise.resolve('http://localhost/v1/dashboard?tenantId=t1'), 'Bearer x');
    const appFetch = vi.fn(async () => new Response('{"a":2}'));
    const fetchFn = withEarlyResponses(appFetch);
    const request = new Request('http://localhost/v1/dashboard?tenantId=t1', { headers: { Authorization: 'Bearer x' } });
    expect(await (await fetchFn(request)).json()).toEqual({ a: 1 });
    expect(network).toHaveBeenCalledTimes(1);
    expect(appFetch).not.toHaveBeenCalled();
    // Taken: the next one is sent.
    expect(await (await fetchFn(request)).json()).toEqual({ a: 2 });
    vi.unstubAllGlobals();
  });

  it('sends it anew for another token, another address, a failed or an unsent early request, or once dropped', async () => {
    vi.stubGlobal('fetch', answer('{}'));
    void startEarlyRequest('/x', Promise.resolve('/x'), 'Bearer old');
    expect(await takeEarlyResponse('/x', 'Bearer new')).toBeUndefined();
    void startEarlyRequest('/y', Promise.resolve('http://elsewhere.test/y'));
    expect(await takeEarlyResponse('/y', null)).toBeUndefined();
    void startEarlyRequest('/z', Promise.resolve(null));
    expect(await takeEarlyResponse('/z', null)).toBeUndefined();
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('offline'))));
    void startEarlyRequest('/w', Promise.resolve('/w'));
    expect(await takeEarlyResponse('/w', null)).toBeUndefined();
    vi.stubGlobal('fetch', answer('{}'));
    void startEarlyRequest('/v', Promise.resolve('/v'));
    dropEarlyRequests();
    expect(await takeEarlyResponse('/v', null)).toBeUndefined();
    vi.unstubAllGlobals();
  });

  it('leaves other methods alone', async () => {
    vi.stubGlobal('fetch', answer('{"early":true}'));
    void startEarlyRequest('/p', Promise.resolve('/p'));
    const appFetch = vi.fn(async () => new Response('{"early":false}'));
    const response = await withEarlyResponses(appFetch)('http://localhost/p', { method: 'POST', body: '{}' });
    expect(await response.json()).toEqual({ early: false });
    vi.unstubAllGlobals();
  });
});
