// @vitest-environment jsdom
import type { SessionResponse, User } from '@generated/types.gen';
import { QueryClient } from '@tanstack/react-query';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const session: SessionResponse = { token: 'session-token-'.padEnd(40, 'x'), isAdmin: true, userId: 'u1', expiresAt: '2999-01-01T00:00:00Z' };

async function freshStore() {
  vi.resetModules();
  return import('./use-session');
}

describe('session store', () => {
  beforeEach(() => {
    localStorage.clear();
    document.cookie = 'token=; Path=/; Max-Age=0';
  });

  it('starts a session: token cookie, isAdmin, notified subscribers', async () => {
    const store = await freshStore();
    const listener = vi.fn();
    const unsubscribe = store.subscribeSession(listener);
    store.startSession(session);
    expect(document.cookie).toContain(`token=${session.token}`);
    expect(store.getSession()).toMatchObject({ isSignedIn: true, isAdmin: true, token: session.token, user: null });
    expect(JSON.parse(localStorage.getItem('session') ?? '{}')).toMatchObject({ isAdmin: true });
    expect(listener).toHaveBeenCalled();
    unsubscribe();
  });

  it('stores user and tenant, survives a reload, and clears everything', async () => {
    let store = await freshStore();
    store.startSession(session);
    store.setSession({ user: { id: 'u1', email: 'ana@example.com', status: 'USER_STATUS_ACTIVE' } as User });
    store = await freshStore();
    expect(store.getSession()).toMatchObject({ userId: 'u1', userEmail: 'ana@example.com', isSignedIn: true });
    store.clearSession();
    expect(store.getSession()).toMatchObject({ isSignedIn: false, userId: undefined, isAdmin: false });
    expect(document.cookie).not.toContain('token=session');
    expect(localStorage.getItem('session')).toBeNull();
  });

  it('notices a token cookie that disappeared', async () => {
    const store = await freshStore();
    store.startSession(session);
    document.cookie = 'token=; Path=/; Max-Age=0';
    expect(store.getSession().isSignedIn).toBe(false);
  });

  it('refreshes user and first tenant through the API', async () => {
    const store = await freshStore();
    const { client } = await import('@generated/client.gen');
    const id = '5f0c6a1e-3b1f-4a43-9a34-5a4f0f7b8e21';
    const fetchMock = vi.fn(async (request: Request) => {
      const body = request.url.endsWith(`/v1/users/${id}`)
        ? {
            user: {
              id,
              email: 'ana@example.com',
              status: 'USER_STATUS_NEW',
              locale: 'en-US',
              createdAt: '2025-01-01T00:00:00Z',
              updatedAt: '2025-01-01T00:00:00Z',
              version: 1,
            },
          }
        : { tenants: [] };
      return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
    });
    client.setConfig({ baseUrl: 'http://api.test', fetch: fetchMock as unknown as typeof fetch });
    const refreshed = await store.refreshSession(new QueryClient(), id);
    expect(refreshed).toMatchObject({ userId: id, userStatus: 'USER_STATUS_NEW', tenant: null, tenantId: undefined });
    const urls = fetchMock.mock.calls.map(([request]) => request.url);
    expect(urls).toEqual(expect.arrayContaining([`http://api.test/v1/users/${id}`, `http://api.test/v1/tenants/users/${id}`]));
  });
});
