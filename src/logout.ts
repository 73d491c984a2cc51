// The script of /logout.html (SPEC §2): a full-page load that revokes the session on the server
// (POST /v1/users/logout with the token cookie), signs out of the identity provider, forgets the
// token cookie and the stored session, then opens the login page of the kept locale.
import '~/app/zod-config';
import { loadRuntimeConfig } from '~/lib/runtime-config';
import { clearSession } from '~/entities/session/session-store';
import { TOKEN_COOKIE_NAME } from '~/entities/session/session-values';
import { DEFAULT_LOCALE, isAppLocale, LOCALE_COOKIE, localizedPath, readCookie, type AppLocale } from '~/lib/locale';

const STEP_TIMEOUT_MS = 5000;
const SIGNING_OUT: Record<AppLocale, string> = { 'en-US': 'Signing out…', 'es-ES': 'Cerrando sesión…' };

function withTimeout(work: Promise<unknown>): Promise<unknown> {
  return Promise.race([work, new Promise((resolve) => setTimeout(resolve, STEP_TIMEOUT_MS))]);
}

async function logout(): Promise<void> {
  const kept = readCookie(document.cookie, LOCALE_COOKIE);
  const locale: AppLocale = isAppLocale(kept) ? kept : DEFAULT_LOCALE;
  document.documentElement.lang = locale;
  const message = document.getElementById('logout-message');
  if (message) message.textContent = SIGNING_OUT[locale];

  const config = await loadRuntimeConfig();
  const token = readCookie(document.cookie, TOKEN_COOKIE_NAME);
  const steps: Promise<unknown>[] = [
    import('~/features/auth/firebase').then((provider) => provider.signOutOfProvider()),
  ];
  if (token) {
    const url = `${config.apiBaseUrl.replace(/\/+$/, '')}/v1/users/logout`;
    steps.push(fetch(url, { method: 'POST', headers: { Authorization: `Bearer ${token}` }, keepalive: true, credentials: 'omit' }));
  }
  const results = await Promise.allSettled(steps.map(withTimeout));
  for (const result of results) if (result.status === 'rejected') console.warn('logout step failed', result.reason);

  clearSession();
  window.location.replace(localizedPath('/login', locale));
}

void logout();
