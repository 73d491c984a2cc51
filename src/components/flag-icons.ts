/**
 * The country flags of `country-flag-icons` (MIT), served as static files, never bundled into
 * JavaScript: the build copies node_modules/country-flag-icons/3x2/XX.svg to /flags/<version>/XX.svg
 * (scripts/vite-flags.ts; the dev and preview servers serve the same path). The version in the
 * path makes the files immutable, so the server caches them for a year; the plugin refuses to run
 * when the installed package is another version than this one (update both together).
 */
export const FLAG_ICONS_VERSION = '1.6.20';

/** The path of the flags, under the SPA's base URL. */
export const FLAGS_PATH = `flags/${FLAG_ICONS_VERSION}`;

/** The 3:2 flag of a country (ISO 3166-1 alpha-2 code, any case). */
export function flagUrl(code: string, base = '/'): string {
  return `${base}${FLAGS_PATH}/${code.toUpperCase()}.svg`;
}
