import type { IdTokenVerifier } from '../auth/firebase.ts';
import type { Database } from '../db/database.ts';
import { globalPlugin } from './global.ts';

/**
 * GET /healthz: liveness and readiness in one, naming each dependency. The database down: 503
 * (nothing works). The identity provider down: 200 `degraded` (signing in fails with 503, but every
 * signed-in user keeps working, since sessions are our own table: taking the instance out of
 * rotation would only make that worse).
 * The identity provider's state is logged when it changes (one warning when it goes down, one line
 * when it is back), not at every check: `npm start` polls four times a second while the Auth
 * emulator starts (issue 18: one line, not four warnings a second).
 */
export const healthPlugin = globalPlugin<{ db: Database; verifier: IdTokenVerifier }>(async (app, { db, verifier }) => {
  let identityWasUp: boolean | undefined;
  app.get('/healthz', async (request, reply) => {
    const [database, identity] = await Promise.all([
      db.ping().then(
        () => undefined,
        (error: unknown) => error,
      ),
      verifier.health(),
    ]);
    const identityProvider = identity.up ? 'up' : 'down';
    if (identity.up !== identityWasUp) {
      if (!identity.up) request.log.warn({ reason: identity.reason }, 'health check: identity provider unavailable');
      else if (identityWasUp === false) request.log.info('health check: identity provider back');
      identityWasUp = identity.up;
    }
    const reasons = [...(database ? ['The database cannot be reached.'] : []), ...(identity.reason ? [identity.reason] : [])];
    reply.header('cache-control', 'no-store');
    if (database) {
      request.log.error({ err: database }, 'health check: database unavailable');
      return reply.code(503).send({ status: 'unavailable', database: 'down', identityProvider, reason: reasons.join(' ') });
    }
    if (!identity.up) {
      return reply.send({ status: 'degraded', database: 'up', identityProvider, reason: reasons.join(' ') });
    }
    return reply.send({ status: 'ok', database: 'up', identityProvider });
  });
});
