import type { SessionResponse } from '@generated/types.gen';
import { readCookie } from '~/lib/locale';
import { SESSION_STORAGE_KEY } from '~/lib/start-names';
import { nowInstant } from '~/lib/temporal';
import {
  deriveSession,
  EMPTY_STORED_SESSION,
  expiredTokenCookie,
  parseStoredSession,
  sessionTokenCookie,
  TOKEN_COOKIE_NAME,
  type Session,
  type StoredSession,
} from './session-values';

/**
 * The session of SPEC §3: user, tenant and isAdmin in localStorage, the token in the `token` cookie.
 * One module-level snapshot serves both React (useSession) and imperative callers (guards, flows).
 */

export { SESSION_STORAGE_KEY };

const browser = typeof window !== 'undefined' && typeof document !== 'undefined';
const listeners = new Set<() => void>();

function readToken(): string | undefined {
  return browser ? readCookie(document.cookie, TOKEN_COOKIE_NAME) || undefined : undefined;
}

function readStored(): StoredSession {
  if (!browser) return EMPTY_STORED_SESSION;
  try {
    return parseStoredSession(window.localStorage.getItem(SESSION_STORAGE_KEY));
  } catch {
    return EMPTY_STORED_SESSION;
  }
}

function writeStored(stored: StoredSession): void {
  if (!browser) return;
  try {
    if (stored.user || stored.tenant || stored.isAdmin) window.localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(stored));
    else window.localStorage.removeItem(SESSION_STORAGE_KEY);
  } catch (error) {
    console.warn('session not persisted', error);
  }
}

let stored: StoredSession = readStored();
let snapshot: Session = deriveSession(stored, readToken());

function publish(): void {
  snapshot = deriveSession(stored, readToken());
  for (const listener of listeners) listener();
}

/** The current session. Re-reads the cookie, so an expired or removed token is noticed. */
export function getSession(): Session {
  const token = readToken();
  if (token !== snapshot.token) snapshot = deriveSession(stored, token);
  return snapshot;
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Replaces parts of the stored session (user, tenant, isAdmin) and notifies subscribers. */
export function setSession(patch: Partial<StoredSession>): Session {
  stored = { ...stored, ...patch };
  writeStored(stored);
  publish();
  return snapshot;
}

const secureContext = () => browser && window.location.protocol === 'https:';

/** Keeps a login or register answer: the token cookie (until expiresAt) and isAdmin. */
export function startSession(response: Pick<SessionResponse, 'token' | 'isAdmin' | 'userId' | 'expiresAt'>): Session {
  if (browser) document.cookie = sessionTokenCookie(response.token, response.expiresAt, nowInstant(), secureContext());
  const sameUser = stored.user?.id === response.userId;
  return setSession({
    isAdmin: response.isAdmin,
    user: sameUser ? stored.user : null,
    tenant: sameUser ? stored.tenant : null,
  });
}

/** Forgets everything: the token cookie and the stored session. */
export function clearSession(): void {
  if (browser) document.cookie = expiredTokenCookie(secureContext());
  stored = EMPTY_STORED_SESSION;
  writeStored(stored);
  publish();
}

// Another tab signing in or out updates this one.
if (browser) {
  window.addEventListener('storage', (event) => {
    if (event.key !== null && event.key !== SESSION_STORAGE_KEY) return;
    stored = readStored();
    publish();
  });
}
