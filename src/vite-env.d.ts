/// <reference types="vite/client" />

/** The id of this build of the SPA (vite.config.ts), also in builds/latest.json. */
declare const __BUILD_ID__: string;

interface ImportMetaEnv {
  /** Base URL of the API; empty means the SPA's own origin. */
  readonly VITE_API_BASE_URL?: string;
}
