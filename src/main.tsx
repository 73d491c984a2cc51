import '~/app/zod-config';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
// The shell's menus' styles (src/components/menu-button.tsx) go with the entry's stylesheet: in the
// app frame's chunk they were a stylesheet of its own that the frame's import waited for.
import '~/components/menu-button.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { loadRedirectRules } from '~/app/guards/redirect-rules';
import { loadMessages, warmUpIntl } from '~/app/intl';
import { loadRuntimeConfig } from '~/lib/runtime-config';
import { clearSession, getSession } from '~/entities/session/session-store';
import { applyStoredAppVersion, reloadOnChunkLoadError, setChunkReloadTarget } from '~/lib/version';
import { configureApi, loginRedirectUrl } from '~/lib/api';
import { splitLocalePath } from '~/lib/locale';
import { dropEarlyRequests } from '~/lib/early-requests';

applyStoredAppVersion();
reloadOnChunkLoadError();

/** index.html's static shell (scripts/static-shell.ts) covers the page until the app has rendered one. */
function removeStaticShell() {
  document.getElementById('shell')?.remove();
  document.documentElement.removeAttribute('data-shell');
}

// The app's modules (the router, the pages' frame, Mantine) are fetched at once, but evaluated in a
// task of their own rather than in this module's: two shorter tasks instead of one long one. Once the
// router is there, the code of the address's pages is fetched too, beside the configuration and the
// first render, rather than after them; in a task after the app's evaluation again, as is the route's
// load that follows (its guards, its loader), rather than in one task with it.
const appModule = import('~/app/app').then(
  (module) =>
    new Promise<typeof module>((resolve) =>
      setTimeout(() => {
        module.preloadCurrentRouteChunks();
        resolve(module);
      }, 0),
    ),
);
// The redirect rules (the build manifest) the route guards wait for: fetched now, once (cached).
void loadRedirectRules();
warmUpIntl(splitLocalePath(window.location.pathname).locale);

async function start() {
  // The API base URL and the identity provider's settings come from the server before the first render.
  // The page's language's messages (a chunk of their own) arrive alongside.
  const [config, { App, router, loadBeforeFirstRender }] = await Promise.all([
    loadRuntimeConfig(),
    appModule,
    loadMessages(splitLocalePath(window.location.pathname).locale).catch(() => undefined),
  ]);
  // A chunk that fails to load while navigating reloads to where the user was going.
  setChunkReloadTarget(() => router.latestLocation.href);
  const stopWatchingRender = router.subscribe('onRendered', () => {
    stopWatchingRender();
    removeStaticShell();
    // What the static shell's script sent early and the first render did not take is not kept.
    dropEarlyRequests();
  });
  configureApi({
    baseUrl: config.apiBaseUrl,
    getToken: () => getSession().token,
    // SPEC §8: a 401 on a call made with the session token means the session is gone: forget it, then
    // sign in again and come back here.
    onUnauthorized: () => {
      clearSession();
      window.location.assign(loginRedirectUrl(window.location.pathname + window.location.search));
    },
  });

  // The page (guards, data, code) is loaded before the first render, which then holds it whole.
  await loadBeforeFirstRender();

  const root = document.getElementById('root');
  if (!root) throw new Error('#root is missing from index.html');
  // A transition: React renders the first page in slices and leaves the main thread free in between
  // (the static shell is on screen meanwhile), rather than in one long task.
  startTransition(() => {
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
}

start().catch((error: unknown) => {
  removeStaticShell();
  throw error;
});
