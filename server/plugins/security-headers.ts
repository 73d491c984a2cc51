import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ServerConfig } from '../config.ts';
import { globalPlugin } from './global.ts';

/**
 * The CSP sources of the build's inline scripts (index.html's static shell script, scripts/static-shell.ts):
 * each one's SHA-256, so that exactly those run and no other inline script does. Read once at start, as
 * the build's route manifest is (a deploy restarts the server).
 */
export function inlineScriptHashes(spaDist: string | undefined): string[] {
  if (!spaDist || !existsSync(spaDist)) return [];
  const hashes = new Set<string>();
  for (const file of readdirSync(spaDist).filter((name) => name.endsWith('.html'))) {
    for (const match of readFileSync(join(spaDist, file), 'utf8').matchAll(/<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g)) {
      if (match[1]!.trim()) hashes.add(`'sha256-${createHash('sha256').update(match[1]!, 'utf8').digest('base64')}'`);
    }
  }
  return [...hashes];
}

/** Security headers (helmet, with the SPA's content security policy) and CORS for the configured origins. */
export const securityHeadersPlugin = globalPlugin<{ config: ServerConfig }>(async (app, { config }) => {
  const emulator = config.firebase.emulatorHost ? [`http://${config.firebase.emulatorHost}`] : [];
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // apis.google.com: the script the Firebase SDK loads for the Google sign-in popup.
        scriptSrc: ["'self'", ...inlineScriptHashes(config.spaDist), 'https://apis.google.com'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        connectSrc: ["'self'", 'https://identitytoolkit.googleapis.com', 'https://securetoken.googleapis.com', ...emulator],
        frameSrc: ["'self'", `https://${config.firebase.authDomain}`, ...emulator],
        upgradeInsecureRequests: config.production ? [] : null,
      },
    },
    // The Google sign-in popup must be able to talk back to its opener.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
  });
  await app.register(cors, {
    origin: (origin, callback) => callback(null, !origin || config.corsOrigins.includes(origin)),
    credentials: true,
    exposedHeaders: ['x-request-id', 'retry-after'],
  });
});
