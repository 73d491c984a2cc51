// The names the app and index.html's static shell script (src/app/static-shell/static-shell.ts, a
// bundle of its own that must stay small) both read: kept here, with no imports, so that neither
// writes its own copy.

/** The cookie that holds the session's token (SPEC §3). */
export const TOKEN_COOKIE_NAME = 'token';

/** The localStorage key of the session's user, business and isAdmin (SPEC §3). */
export const SESSION_STORAGE_KEY = 'session';

/** The deployment's public settings, read before the first render. */
export const RUNTIME_CONFIG_URL = '/runtime-config.json';
