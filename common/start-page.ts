/**
 * The deployment's public settings (the runtime configuration) as the server gives them to the SPA:
 * written into index.html as a JSON data block with this id (read before any request: by the static
 * shell's script and the app's start, a request less on every load), and at this address for a page
 * that was sent without it (the Vite dev server, /logout.html). Shared by the server and the SPA.
 */
export const RUNTIME_CONFIG_URL = '/runtime-config.json';
export const RUNTIME_CONFIG_ELEMENT_ID = 'runtime-config';
