import { describe, expect, it, vi } from 'vitest';
import { EMULATOR_DEFAULTS, fallbackRuntimeConfig, loadRuntimeConfig, normalizeRedirectUri, parseRuntimeConfig } from './runtime-config';

const served = {
  apiBaseUrl: 'https://api.cita.test',
  firebase: { apiKey: 'key', authDomain: 'cita.firebaseapp.com', projectId: 'cita', storageBucket: 'cita.appspot.com', appId: '1:2:web:3' },
  authEmulatorUrl: null,
  ssoRedirectUris: ['HTTPS://Partner.test/cb', 'not a url'],
};

const json = (body: unknown, type = 'application/json') => new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': type } });

describe('runtime configuration', () => {
  it('uses what the server serves, with normalised SSO origins', async () => {
    const fetchMock = vi.fn(async () => json(served));
    const config = await loadRuntimeConfig(fetchMock as unknown as typeof fetch, {});
    expect(fetchMock).toHaveBeenCalledWith('/runtime-config.json', expect.anything());
    expect(config).toEqual({ ...served, ssoRedirectUris: ['https://partner.test/cb'] });
  });

  it("takes the configuration the server wrote into the page, without asking for it", async () => {
    const page = (text: string | null) => ({ getElementById: (id: string) => (id === 'runtime-config' && text !== null ? ({ textContent: text } as HTMLElement) : null) });
    const fetchMock = vi.fn(async () => json({ ...served, apiBaseUrl: 'https://fetched.test' }));
    const config = await loadRuntimeConfig(fetchMock as unknown as typeof fetch, {}, page(JSON.stringify(served)));
    expect(fetchMock).not.toHaveBeenCalled();
    expect(config).toEqual({ ...served, ssoRedirectUris: ['https://partner.test/cb'] });
    // A page without it, or with one that is not a configuration: fetched as before.
    for (const text of [null, '{"apiBaseUrl": 1}', 'not json']) {
      expect((await loadRuntimeConfig(fetchMock as unknown as typeof fetch, {}, page(text))).apiBaseUrl, String(text)).toBe('https://fetched.test');
    }
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('falls back to the emulator defaults when the file is absent or is the SPA fallback page', async () => {
    const html = vi.fn(async () => new Response('<!doctype html>', { status: 200, headers: { 'Content-Type': 'text/html' } }));
    expect(await loadRuntimeConfig(html as unknown as typeof fetch, {})).toEqual(EMULATOR_DEFAULTS);
    const missing = vi.fn(async () => new Response('', { status: 404 }));
    expect(await loadRuntimeConfig(missing as unknown as typeof fetch, {})).toEqual(EMULATOR_DEFAULTS);
    const offline = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    expect((await loadRuntimeConfig(offline as unknown as typeof fetch, { VITE_API_BASE_URL: 'http://127.0.0.1:4010' })).apiBaseUrl).toBe(
      'http://127.0.0.1:4010',
    );
  });

  it('falls back to the build-time env when it names a Firebase project', () => {
    expect(
      fallbackRuntimeConfig({
        VITE_FIREBASE_API_KEY: 'k',
        VITE_FIREBASE_PROJECT_ID: 'p',
        VITE_FIREBASE_APP_ID: 'a',
        VITE_SSO_REDIRECT_URIS: 'https://a.test/cb, https://b.test/cb',
      }),
    ).toEqual({
      apiBaseUrl: '',
      firebase: { apiKey: 'k', projectId: 'p', authDomain: 'p.firebaseapp.com', storageBucket: '', appId: 'a' },
      authEmulatorUrl: null,
      ssoRedirectUris: ['https://a.test/cb', 'https://b.test/cb'],
    });
    expect(fallbackRuntimeConfig({}).firebase).toEqual({ apiKey: 'fake-api-key', projectId: 'demo-cita', authDomain: '127.0.0.1', storageBucket: '', appId: '' });
    expect(fallbackRuntimeConfig({}).authEmulatorUrl).toBe('http://127.0.0.1:9099');
  });

  it('rejects a document that is not a runtime configuration', () => {
    expect(parseRuntimeConfig({ apiBaseUrl: 'x' })).toBeNull();
    expect(parseRuntimeConfig(null)).toBeNull();
    expect(parseRuntimeConfig({ ...served, ssoRedirectUris: undefined })?.ssoRedirectUris).toEqual([]);
  });

  it('reads Prism mode (mockApi) only as an explicit true', () => {
    expect(parseRuntimeConfig({ ...served, mockApi: true })?.mockApi).toBe(true);
    expect(parseRuntimeConfig({ ...served, mockApi: 'yes' })?.mockApi).toBeUndefined();
    expect(parseRuntimeConfig(served)?.mockApi).toBeUndefined();
    expect(fallbackRuntimeConfig({}).mockApi).toBeUndefined();
  });

  it('normalises origins', () => {
    expect(normalizeRedirectUri('https://a.test:443/x')).toBe('https://a.test/x');
    expect(normalizeRedirectUri('ftp://a.test')).toBeNull();
  });
});
