import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import type { ServerConfig } from '../config.ts';
import { globalPlugin } from './global.ts';

/** Security headers (helmet, with the SPA's content security policy) and CORS for the configured origins. */
export const securityHeadersPlugin = globalPlugin<{ config: ServerConfig }>(async (app, { config }) => {
  const emulator = config.firebase.emulatorHost ? [`http://${config.firebase.emulatorHost}`] : [];
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // apis.google.com: the script the Firebase SDK loads for the Google sign-in popup.
        scriptSrc: ["'self'", 'https://apis.google.com'],
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
