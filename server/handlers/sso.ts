import { createHash, randomBytes } from 'node:crypto';
import type { RouteHandlers } from '../../generated/fastify.gen.ts';
import { HttpProblem, unprocessable } from '../problem.ts';
import { sessionOf, type HandlerDeps } from '../kit/context.ts';

type Handlers = Pick<RouteHandlers, 'createSsoCode' | 'exchangeSsoCode'>;

/** How long a code may wait for its exchange. */
export const SSO_CODE_SECONDS = 60;

const hash = (code: string) => createHash('sha256').update(code, 'utf8').digest('hex');

/** A redirect URI compared as the URL parser writes it (so 'HTTPS://A.test/cb' equals 'https://a.test/cb'). */
function canonical(uri: string): string | null {
  try {
    const url = new URL(uri);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * Single sign-on for applications that trust Cita's accounts: a signed-in user's browser gets a
 * one-time code for an exactly registered redirect_uri (SSO_REDIRECT_URIS); the application
 * exchanges it, server to server, for who the user is. Never an ID token in a URL.
 */
export function ssoHandlers({ db, config }: HandlerDeps): Handlers {
  const allowed = new Set(config.ssoRedirectUris.map(canonical).filter((uri): uri is string => uri !== null));

  return {
    async createSsoCode(request, reply) {
      const { userId } = sessionOf(request);
      const redirectUri = canonical(request.body.redirect_uri);
      if (!redirectUri || !allowed.has(redirectUri)) {
        throw unprocessable('/redirect_uri', 'redirect_not_allowed', 'This application is not allowed to sign in with Cita.');
      }
      const code = randomBytes(32).toString('base64url');
      const { rows } = await db.querySystem<{ expires_at: Date }>(
        `INSERT INTO sso_codes (code_hash, user_id, redirect_uri, expires_at) VALUES ($1, $2, $3, now() + make_interval(secs => $4)) RETURNING expires_at`,
        [hash(code), userId, redirectUri, SSO_CODE_SECONDS],
      );
      return reply.code(201).send({ code, expiresAt: new Date(rows[0]!.expires_at).toISOString() });
    },

    async exchangeSsoCode(request, reply) {
      const redirectUri = canonical(request.body.redirect_uri);
      // Used once, within its minute, for the URI it was issued to: one atomic statement, so two
      // exchanges of one code cannot both succeed.
      const { rows } = await db.querySystem<{ id: string; email: string; email_verified: boolean; name: string | null; last_name: string | null }>(
        `WITH used AS (
           UPDATE sso_codes SET used_at = now()
            WHERE code_hash = $1 AND redirect_uri = $2 AND used_at IS NULL AND expires_at > now()
            RETURNING user_id)
         SELECT u.id, u.email, u.email_verified, u.name, u.last_name FROM used JOIN users u ON u.id = used.user_id
          WHERE u.status NOT IN ('USER_STATUS_DELETED', 'USER_STATUS_SUSPENDED')`,
        [hash(request.body.code), redirectUri ?? ''],
      );
      const user = rows[0];
      if (!user) {
        throw new HttpProblem(400, 'The code is unknown, expired, already used or issued for another redirect_uri.', 'invalid_grant', [
          { field: '/code', code: 'invalid_grant', message: 'The code is unknown, expired, already used or issued for another redirect_uri.' },
        ]);
      }
      return reply.code(200).send({ user: { id: user.id, email: user.email, emailVerified: user.email_verified, name: user.name ?? undefined, lastName: user.last_name ?? undefined } });
    },
  };
}
