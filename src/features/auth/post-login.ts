import { DESTINATION_PATHS } from '~/lib/auth-status';
import type { Destination } from '~/lib/auth-status';
import { localizedPath, splitLocalePath, type AppLocale } from '~/lib/locale';
import { isUnderPath } from '~/lib/paths';

/** Where to go after signing in (SPEC §4), honouring `redirectedFrom`. */

const NEVER_BACK_TO = ['/login', '/register', '/logout.html'] as const;

/**
 * `redirectedFrom` when it is a path of this site worth returning to ('/customers?x=1'), else null:
 * no other origin, no protocol-relative '//host', no backslashes, no login/register/logout.
 */
export function safeRedirectedFrom(value: unknown): string | null {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return null;
  let url: URL;
  try {
    url = new URL(value, 'https://cita.invalid');
  } catch {
    return null;
  }
  if (url.origin !== 'https://cita.invalid') return null;
  if (NEVER_BACK_TO.some((path) => isUnderPath(url.pathname, path))) return null;
  const path = url.pathname + url.search + url.hash;
  // Normalizing can make a protocol-relative address of a harmless-looking one ('/.//evil.com',
  // '/\t/evil.com' both become '//evil.com'): check the result, not only the input.
  if (!path.startsWith('/') || path.startsWith('//')) return null;
  return path;
}

/** True when the user was on their way to the appointments pages. */
export function wantsAppointments(redirectedFrom: unknown): boolean {
  const safe = safeRedirectedFrom(redirectedFrom);
  return safe !== null && isUnderPath(safe.split(/[?#]/)[0] ?? '/', '/appointments');
}

/**
 * The page to open: `redirectedFrom` when the destination is home (or appointments, which it points
 * to), otherwise the destination's page in `locale`.
 */
export function postLoginHref(destination: Destination, redirectedFrom: unknown, locale: AppLocale): string {
  const safe = safeRedirectedFrom(redirectedFrom);
  if (safe && (destination === 'home' || destination === 'appointments')) return safe;
  // An invitation's link wins over onboarding: the new user is on their way into a business.
  if (safe && isUnderPath(splitLocalePath(safe.split(/[?#]/)[0] ?? '/').path, '/invitations')) return safe;
  return localizedPath(DESTINATION_PATHS[destination], locale);
}
