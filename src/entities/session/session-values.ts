import type { Tenant, User } from '@generated/types.gen';
import { Temporal } from 'temporal-polyfill';
import { DEFAULT_USER_STATUS } from '~/lib/auth-status';
import { TOKEN_COOKIE_NAME } from '~/lib/start-names';

/** SPEC §3 Session: what is kept locally (user, tenant, isAdmin) and what is derived from it. */

export interface StoredSession {
  user: User | null;
  tenant: Tenant | null;
  isAdmin: boolean;
}

export interface TenantCurrencyValue {
  currencySymbol: string;
  currencyCode: string;
}

export interface Session extends StoredSession {
  /** The session token (the `token` cookie); undefined when signed out. */
  token: string | undefined;
  isSignedIn: boolean;
  userId: string | undefined;
  tenantId: string | undefined;
  tenantCurrency: TenantCurrencyValue;
  /** A fraction: tenant.taxPercentage / 100, default 0.21. */
  taxPercentage: number;
  userEmail: string | undefined;
  /** Default USER_STATUS_ACTIVE. */
  userStatus: string;
  tenantStatus: string | undefined;
  /** Default []. */
  tenantServices: string[];
}

export const EMPTY_STORED_SESSION: StoredSession = { user: null, tenant: null, isAdmin: false };
export const DEFAULT_CURRENCY: TenantCurrencyValue = { currencySymbol: '€', currencyCode: 'EUR' };
export const DEFAULT_TAX_PERCENTAGE = 0.21;

/** Every derived value of SPEC §3, from the stored part and the token. */
export function deriveSession(stored: StoredSession, token: string | undefined): Session {
  const { user, tenant } = stored;
  const taxPercentage =
    typeof tenant?.taxPercentage === 'number' && Number.isFinite(tenant.taxPercentage)
      ? tenant.taxPercentage / 100
      : DEFAULT_TAX_PERCENTAGE;
  return {
    ...stored,
    token: token || undefined,
    isSignedIn: Boolean(token),
    userId: user?.id,
    tenantId: tenant?.id,
    tenantCurrency: {
      currencySymbol: tenant?.currencySymbol || DEFAULT_CURRENCY.currencySymbol,
      currencyCode: tenant?.currency?.currencyCode || DEFAULT_CURRENCY.currencyCode,
    },
    taxPercentage,
    userEmail: user?.email,
    userStatus: user?.status || DEFAULT_USER_STATUS,
    tenantStatus: tenant?.status || undefined,
    tenantServices: Array.isArray(tenant?.services) ? tenant.services : [],
  };
}

/** Reads the persisted JSON leniently: anything unreadable counts as an empty session. */
export function parseStoredSession(json: string | null): StoredSession {
  if (!json) return EMPTY_STORED_SESSION;
  try {
    const value = JSON.parse(json) as Partial<StoredSession> | null;
    if (!value || typeof value !== 'object') return EMPTY_STORED_SESSION;
    const objectOrNull = <T>(candidate: unknown): T | null =>
      candidate && typeof candidate === 'object' && typeof (candidate as { id?: unknown }).id === 'string' ? (candidate as T) : null;
    return { user: objectOrNull<User>(value.user), tenant: objectOrNull<Tenant>(value.tenant), isAdmin: value.isAdmin === true };
  } catch {
    return EMPTY_STORED_SESSION;
  }
}

export { TOKEN_COOKIE_NAME };

/**
 * The `token` cookie: Path=/, SameSite=Lax, Max-Age until expiresAt (at least 0), Secure on https.
 * `expiresAtMs` and `nowMs` are epoch milliseconds.
 */
export function tokenCookie(token: string, expiresAtMs: number, nowMs: number, secure: boolean): string {
  const maxAge = Math.max(0, Math.floor((expiresAtMs - nowMs) / 1000));
  return `${TOKEN_COOKIE_NAME}=${encodeURIComponent(token)}; Path=/; Max-Age=${maxAge}; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/** Lifetime used when the server's expiresAt cannot be read. */
export const FALLBACK_TOKEN_LIFETIME_MS = 24 * 60 * 60 * 1000;

/** The token cookie for a login/register answer's RFC 3339 `expiresAt`, as seen at `now`. */
export function sessionTokenCookie(token: string, expiresAt: string, now: Temporal.Instant, secure: boolean): string {
  let expiresAtMs: number;
  try {
    expiresAtMs = Temporal.Instant.from(expiresAt).epochMilliseconds;
  } catch {
    expiresAtMs = now.epochMilliseconds + FALLBACK_TOKEN_LIFETIME_MS;
  }
  return tokenCookie(token, expiresAtMs, now.epochMilliseconds, secure);
}

/** The cookie string that deletes the token. */
export function expiredTokenCookie(secure: boolean): string {
  return `${TOKEN_COOKIE_NAME}=; Path=/; Max-Age=0; SameSite=Lax${secure ? '; Secure' : ''}`;
}
