// The names the app and index.html's static shell script (src/app/static-shell/static-shell.ts, a
// bundle of its own that must stay small) both read: kept here (the runtime configuration's, which the
// server writes too, in common/), so that neither writes its own copy.
export { RUNTIME_CONFIG_ELEMENT_ID, RUNTIME_CONFIG_URL } from '@common/start-page';

/** The cookie that holds the session's token (SPEC §3). */
export const TOKEN_COOKIE_NAME = 'token';

/** The localStorage key of the session's user, business and isAdmin (SPEC §3). */
export const SESSION_STORAGE_KEY = 'session';
