import type { FastifyRequest } from 'fastify';
import type { IdTokenVerifier } from '../auth/firebase.ts';
import type { ServerConfig } from '../config.ts';
import type { Database, Queryable } from '../db/database.ts';
import { notFound, unauthorized } from '../problem.ts';
import type { FirebaseAuth, SessionAuth } from '../security.ts';
import type { SessionOptions } from '../auth/sessions.ts';

export interface HandlerDeps {
  config: ServerConfig;
  db: Database;
  verifier: IdTokenVerifier;
  sessions: SessionOptions;
  /** Signs the public cancellation links (server/notifications/cancel-token.ts). */
  /** The server secret that signs public links (lazyServerSecret). */
  secret: () => Promise<string>;
}

export type TeamRole = 'TEAM_ROLE_OWNER' | 'TEAM_ROLE_ADMIN' | 'TEAM_ROLE_MEMBER';

export function sessionOf(request: FastifyRequest): SessionAuth {
  if (!request.auth) throw unauthorized();
  return request.auth;
}

export function identityOf(request: FastifyRequest): FirebaseAuth {
  if (!request.firebase) throw unauthorized('A Firebase ID token is required.');
  return request.firebase;
}

export async function roleIn(tx: Queryable, tenantId: string, userId: string): Promise<TeamRole | undefined> {
  // A deleted business is gone for everyone: its members get 404 like strangers.
  const { rows } = await tx.query<{ role: TeamRole }>(
    `SELECT m.role FROM memberships m JOIN tenants t ON t.id = m.tenant_id
      WHERE m.tenant_id = $1 AND m.user_id = $2 AND t.status <> 'TENANT_STATUS_DELETED'`,
    [tenantId, userId],
  );
  return rows[0]?.role;
}

/**
 * The caller's role in `tenantId` (undefined: not a member). The session check already looked it up
 * for the tenant in the request's path, in the same query (server/security.ts): no second
 * transaction for the usual case.
 */
export async function callerRole(db: Database, request: FastifyRequest, tenantId: string): Promise<TeamRole | undefined> {
  const auth = sessionOf(request);
  if (auth.tenantRole?.tenantId === tenantId) return auth.tenantRole.role ?? undefined;
  const role = await db.withSystem((tx) => roleIn(tx, tenantId, auth.userId));
  auth.tenantRole = { tenantId, role: role ?? null };
  return role;
}

/**
 * The caller's role in the tenant. Not a member: 404, exactly as for a tenant that does not
 * exist, so that another business's ids reveal nothing. What each role may do is the role
 * matrix's (server/tenancy/roles.ts, `authorize`).
 */
export async function requireMember(db: Database, request: FastifyRequest, tenantId: string): Promise<TeamRole> {
  const role = await callerRole(db, request, tenantId);
  if (!role) throw notFound();
  return role;
}
