import type { FastifyRequest } from 'fastify';
import { InvalidIdTokenError, type IdTokenVerifier } from './auth/firebase.ts';
import { hashSessionToken } from './auth/session-token.ts';
import type { Database } from './db/database.ts';
import { unauthorized } from './problem.ts';

/** Who is calling, once `bearerAuth` has checked Cita's session token. */
export interface SessionAuth {
  userId: string;
  email: string;
  isAdmin: boolean;
  tokenHash: string;
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

/** Checks a Firebase ID token: an invalid, expired or e-mail-less identity answers 401. */
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

function bearer(request: FastifyRequest): string {
  const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
  if (!match?.[1]) throw unauthorized();
  return match[1];
}

export function createSecurityHandlers({ db, verifier }: { db: Database; verifier: IdTokenVerifier }) {
  return {
    async bearerAuth(request: FastifyRequest) {
      const tokenHash = hashSessionToken(bearer(request));
      const row = await db.withSystem(async (tx) => {
        const { rows } = await tx.query<{ user_id: string; email: string; is_admin: boolean; stale: boolean }>(
          `SELECT u.id AS user_id, u.email, s.is_admin,
                  (s.last_seen_at IS NULL OR s.last_seen_at < now() - make_interval(secs => $2)) AS stale
             FROM sessions s JOIN users u ON u.id = s.user_id
            WHERE s.token_hash = $1 AND s.revoked_at IS NULL AND s.expires_at > now()
              AND u.status NOT IN ('USER_STATUS_DELETED', 'USER_STATUS_SUSPENDED')`,
          [tokenHash, LAST_SEEN_RESOLUTION_SECONDS],
        );
        // Recording activity is not worth a write on every request: once per few minutes is enough.
        if (rows[0]?.stale) await tx.query('UPDATE sessions SET last_seen_at = now() WHERE token_hash = $1', [tokenHash]);
        return rows[0];
      });
      if (!row) throw unauthorized('The session is missing, expired or revoked.');
      request.auth = { userId: row.user_id, email: row.email, isAdmin: row.is_admin, tokenHash };
    },
    async firebaseIdToken(request: FastifyRequest) {
      request.firebase = await verifyIdentity(verifier, bearer(request));
    },
  };
}
