import { useEffect, useState } from 'react';
import { nowInstant } from '~/lib/temporal';

// SPEC §4 and §9: the stored app version, the periodic build-manifest check and the reload on
// chunk-load failure, each guarded so that the page reloads at most once every 10 s.
export const APP_VERSION_KEY = 'appVersion';
export const RELOAD_GUARD_MS = 10_000;
export const VERSION_CHECK_INTERVAL_MS = 5 * 60_000;
const RELOADED_AT_KEY = 'appVersionReloadedAt';
const RELOADED_FOR_KEY = 'appVersionReloadedFor';

function recentlyReloaded(): boolean {
  const at = Number(sessionStorage.getItem(RELOADED_AT_KEY) ?? 0);
  return nowInstant().epochMilliseconds - at < RELOAD_GUARD_MS;
}

/** Reloads to `href` unless the page already reloaded in the last 10 s. */
export function guardedReload(href: string = window.location.href): boolean {
  if (recentlyReloaded()) return false;
  sessionStorage.setItem(RELOADED_AT_KEY, String(nowInstant().epochMilliseconds));
  window.location.assign(href);
  return true;
}

/** If the stored version differs from this build, reload once, then store this build's version. */
export function applyStoredAppVersion(): void {
  try {
    const stored = localStorage.getItem(APP_VERSION_KEY);
    if (stored && stored !== __BUILD_ID__ && sessionStorage.getItem(RELOADED_FOR_KEY) !== __BUILD_ID__) {
      sessionStorage.setItem(RELOADED_FOR_KEY, __BUILD_ID__);
      if (guardedReload()) return;
    }
    localStorage.setItem(APP_VERSION_KEY, __BUILD_ID__);
  } catch (error) {
    console.warn('app version check skipped', error);
  }
}

const CHUNK_ERROR = /dynamically imported module|Importing a module script failed|error loading dynamically imported module|Failed to fetch/i;

export function isChunkLoadError(error: unknown): boolean {
  return error instanceof Error && (error.name === 'ChunkLoadError' || CHUNK_ERROR.test(error.message));
}

let reloadTarget: () => string = () => window.location.href;

/**
 * Where a chunk-load failure reloads to: the address being navigated to (SPEC §4, §8), which the
 * router knows before the browser's address bar does (main.tsx sets it once the router exists).
 */
export function setChunkReloadTarget(target: () => string): void {
  reloadTarget = () => {
    try {
      return target() || window.location.href;
    } catch {
      return window.location.href;
    }
  };
}

/** Reloads to the target path after a chunk failed to load, at most once every 10 s. */
export function reloadAfterChunkError(): boolean {
  return guardedReload(reloadTarget());
}

/** A lazily loaded chunk that fails to load (usually after a deploy) reloads the page to the target path. */
export function reloadOnChunkLoadError(): void {
  window.addEventListener('vite:preloadError', (event) => {
    event.preventDefault();
    reloadAfterChunkError();
  });
}

/** True once the server's builds/latest.json names another build than the one running. */
export function useNewVersionAvailable(): boolean {
  const [available, setAvailable] = useState(false);
  useEffect(() => {
    if (!import.meta.env.PROD) return;
    const check = async () => {
      try {
        const response = await fetch('/builds/latest.json', { cache: 'no-store' });
        if (!response.ok) return;
        const latest = (await response.json()) as { id?: unknown };
        if (typeof latest.id === 'string' && latest.id !== __BUILD_ID__) setAvailable(true);
      } catch (error) {
        console.warn('version check failed', error);
      }
    };
    const timer = window.setInterval(() => void check(), VERSION_CHECK_INTERVAL_MS);
    // A tab left in the background for hours checks as soon as it is looked at again.
    const onVisible = () => {
      if (document.visibilityState === 'visible') void check();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, []);
  return available;
}
