import { z } from 'zod';
import { withEarlyResponses } from './early-requests';
import { RUNTIME_CONFIG_ELEMENT_ID, RUNTIME_CONFIG_URL } from './start-names';

/**
 * The deployment's public settings, read once before the first render: from the page, where the API
 * server wrote them (index.html's JSON data block, common/start-page.ts), else from GET
 * /runtime-config.json (served by the API server). In the Prism mock and the Vite dev server the file
 * is absent (or the SPA fallback answers with index.html): the build-time env (VITE_*) or, lacking it,
 * the local Auth emulator defaults apply.
 */
export interface FirebaseWebConfig {
  apiKey: string;
  authDomain: string;
  projectId: string;
  storageBucket: string;
  appId: string;
}

export interface RuntimeConfig {
  /** Base URL of the API; '' means the SPA's own origin. */
  apiBaseUrl: string;
  firebase: FirebaseWebConfig;
  /** e.g. 'http://127.0.0.1:9099'; null with the hosted identity provider. */
  authEmulatorUrl: string | null;
  /** The exact redirect URIs /login/sso may return to (the server checks them again). */
  ssoRedirectUris: string[];
  /**
   * True only in Prism mode (`npm run dev:mock`): the API answers the contract's examples, and with
   * the Auth emulator any e-mail and password sign in (the emulator account is created on first use).
   */
  mockApi?: boolean;
}

export { RUNTIME_CONFIG_URL };

const zRuntimeConfig = z.object({
  apiBaseUrl: z.string(),
  firebase: z.object({
    apiKey: z.string().min(1),
    authDomain: z.string(),
    projectId: z.string().min(1),
    storageBucket: z.string().catch(''),
    appId: z.string().catch(''),
  }),
  authEmulatorUrl: z.string().min(1).nullable().catch(null),
  ssoRedirectUris: z.array(z.string()).catch([]),
  mockApi: z.literal(true).optional().catch(undefined),
});

/** The local Auth emulator defaults (firebase.json, project demo-cita). */
export const EMULATOR_DEFAULTS: RuntimeConfig = {
  apiBaseUrl: '',
  firebase: { apiKey: 'fake-api-key', authDomain: '127.0.0.1', projectId: 'demo-cita', storageBucket: '', appId: '' },
  authEmulatorUrl: 'http://127.0.0.1:9099',
  ssoRedirectUris: [],
};

export type BuildEnv = Partial<Record<string, string | boolean | undefined>>;

const text = (value: string | boolean | undefined): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;

const list = (value: string | boolean | undefined): string[] =>
  (text(value) ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);

/** The configuration when the server does not serve one: build-time env, else the emulator defaults. */
export function fallbackRuntimeConfig(env: BuildEnv): RuntimeConfig {
  const apiBaseUrl = text(env.VITE_API_BASE_URL) ?? '';
  const ssoRedirectUris = list(env.VITE_SSO_REDIRECT_URIS);
  const apiKey = text(env.VITE_FIREBASE_API_KEY);
  if (!apiKey) return { ...EMULATOR_DEFAULTS, apiBaseUrl, ssoRedirectUris };
  const projectId = text(env.VITE_FIREBASE_PROJECT_ID) ?? EMULATOR_DEFAULTS.firebase.projectId;
  return {
    apiBaseUrl,
    firebase: {
      apiKey,
      projectId,
      authDomain: text(env.VITE_FIREBASE_AUTH_DOMAIN) ?? `${projectId}.firebaseapp.com`,
      storageBucket: text(env.VITE_FIREBASE_STORAGE_BUCKET) ?? '',
      appId: text(env.VITE_FIREBASE_APP_ID) ?? '',
    },
    authEmulatorUrl: text(env.VITE_FIREBASE_AUTH_EMULATOR_URL) ?? null,
    ssoRedirectUris,
  };
}

/** Validates the served JSON; null when it is not a runtime configuration. */
export function parseRuntimeConfig(json: unknown): RuntimeConfig | null {
  const parsed = zRuntimeConfig.safeParse(json);
  if (!parsed.success) return null;
  const uris = parsed.data.ssoRedirectUris.map(normalizeRedirectUri).filter((uri): uri is string => uri !== null);
  return { ...parsed.data, ssoRedirectUris: uris };
}

/**
 * An http(s) redirect URI as the URL parser writes it ('HTTPS://App.test/cb' → 'https://app.test/cb'),
 * so that two spellings of one address compare equal; null for anything else.
 */
export function normalizeRedirectUri(value: string): string | null {
  try {
    const url = new URL(value);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
    return url.href;
  } catch {
    return null;
  }
}

/** The configuration the server wrote into the page; null when there is none, or it is not one. */
export function pageRuntimeConfig(page: Pick<Document, 'getElementById'> | undefined = globalThis.document): RuntimeConfig | null {
  const text = page?.getElementById(RUNTIME_CONFIG_ELEMENT_ID)?.textContent;
  if (!text) return null;
  try {
    return parseRuntimeConfig(JSON.parse(text));
  } catch {
    return null;
  }
}

let current: RuntimeConfig | null = null;

/**
 * The page's configuration, else /runtime-config.json fetched once; any failure (absent, HTML
 * fallback, invalid) falls back to the build-time configuration. Never throws.
 */
export async function loadRuntimeConfig(
  fetchFn: typeof fetch = withEarlyResponses(),
  env: BuildEnv = import.meta.env,
  page: Pick<Document, 'getElementById'> | undefined = globalThis.document,
): Promise<RuntimeConfig> {
  let config = pageRuntimeConfig(page);
  if (!config) {
    try {
      const response = await fetchFn(RUNTIME_CONFIG_URL, { cache: 'no-store', headers: { Accept: 'application/json' } });
      const type = response.headers.get('Content-Type') ?? '';
      if (response.ok && type.includes('json')) config = parseRuntimeConfig(await response.json());
    } catch (error) {
      console.warn('runtime-config.json unavailable; using the build-time configuration', error);
    }
  }
  current = config ?? fallbackRuntimeConfig(env);
  return current;
}

/** The loaded configuration (the build-time fallback if loadRuntimeConfig has not run). */
export function getRuntimeConfig(): RuntimeConfig {
  current ??= fallbackRuntimeConfig(import.meta.env);
  return current;
}

/** For tests. */
export function setRuntimeConfig(config: RuntimeConfig | null): void {
  current = config;
}
