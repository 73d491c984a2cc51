import type { FastifyRequest } from 'fastify';
import { isAdminEmail } from './auth/admins.ts';
import { InvalidIdTokenError, type IdTokenVerifier } from './auth/firebase.ts';
import { hashSessionToken, isWellFormedSessionToken } from './auth/session-token.ts';
import type { Database } from './db/database.ts';
import type { TeamRole } from './kit/context.ts';
import { unauthorized } from './problem.ts';

/** Who is calling, once `bearerAuth` has checked Cita's session token. */
export interface SessionAuth {
  userId: string;
  email: string;
  /** Computed on every request from the user's current, provider-verified e-mail: never frozen at login. */
  isAdmin: boolean;
  tokenHash: string;
  /** The caller's role in the business of the request's path, read with the session (null: not a member). */
  tenantRole?: { tenantId: string; role: TeamRole | null };
}
/** Who is calling, once `firebaseIdToken` has checked a Firebase ID token. */
export interface FirebaseAuth {
  uid: string;
  email: string;
  emailVerified: boolean;
  idToken: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth?: SessionAuth;
    firebase?: FirebaseAuth;
  }
}

/** Checks a Firebase ID token: an invalid, expired, revoked or e-mail-less identity answers 401. */
export async function verifyIdentity(verifier: IdTokenVerifier, idToken: string): Promise<FirebaseAuth> {
  try {
    const identity = await verifier.verify(idToken);
    if (!identity.email) throw unauthorized('The identity has no e-mail address.');
    return { uid: identity.uid, email: identity.email.toLowerCase(), emailVerified: identity.emailVerified, idToken };
  } catch (error) {
    if (error instanceof InvalidIdTokenError) throw unauthorized('The identity token is invalid or expired.');
    throw error;
  }
}

/** How fresh a session's last_seen_at is kept. */
const LAST_SEEN_RESOLUTION_SECONDS = 300;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A JWT: three base64url parts (the signature may be empty for the emulator's unsigned tokens). */
const JWT_SHAPE = /^[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]*$/;

function bearer(request: FastifyRequest): string {
  const match = /^Bearer ([^\s]{1,16384})$/i.exec(request.headers.authorization ?? '');
  if (!match?.[1]) throw unauthorized();
  return match[1];
}

export interface SecurityOptions {
  db: Database;
  verifier: IdTokenVerifier;
  /** Platform administrators (CITA_ADMIN_EMAILS). */
  admins: ReadonlySet<string>;
  /** A session unused for this long is over, whatever its expiry. */
  idleSeconds: number;
}

/**
 * The two security schemes of the contract. They run in `onRequest` (server/app.ts), before the body
 * is read or validated: an anonymous caller costs a header check, and a malformed token is refused
 * before it reaches the database or the identity provider.
 */
export function createSecurityHandlers({ db, verifier, admins, idleSeconds }: SecurityOptions) {
  return {
    async bearerAuth(request: FastifyRequest) {
      const token = bearer(request);
      if (!isWellFormedSessionToken(token)) throw unauthorized('The session is missing, expired or revoked.');
      const tokenHash = hashSessionToken(token);
      // The business in the path, if any: its membership is read in the same query (one round trip).
      const tenantId = (request.params as { tenantId?: unknown } | undefined)?.tenantId;
      const tenant = typeof tenantId === 'string' && UUID.test(tenantId) ? tenantId : null;
      // One autocommit statement (no BEGIN/COMMIT): the session check is the cost every request pays.
      // A function (migration 016), so that its plan is kept rather than made again on every request.
      const { rows } = await db.querySystem<{ user_id: string; email: string; email_verified: boolean; stale: boolean; tenant_role: TeamRole | null }>(
        'SELECT * FROM cita_session_check($1, $2, $3, $4::uuid)',
        [tokenHash, LAST_SEEN_RESOLUTION_SECONDS, idleSeconds, tenant],
      );
      const row = rows[0];
      // Recording activity is not worth a write on every request: once per few minutes is enough.
      if (row?.stale) await db.querySystem('UPDATE sessions SET last_seen_at = now() WHERE token_hash = $1', [tokenHash]);
      if (!row) throw unauthorized('The session is missing, expired or revoked.');
      request.auth = {
        userId: row.user_id,
        email: row.email,
        isAdmin: row.email_verified && isAdminEmail(admins, row.email),
        tokenHash,
        ...(tenant ? { tenantRole: { tenantId: tenant, role: row.tenant_role } } : {}),
      };
    },
    async firebaseIdToken(request: FastifyRequest) {
      const token = bearer(request);
      if (!JWT_SHAPE.test(token)) throw unauthorized('The identity token is invalid or expired.');
      request.firebase = await verifyIdentity(verifier, token);
    },
  };
}
