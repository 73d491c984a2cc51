import type { RouteHandlers } from '../../generated/fastify.gen.ts';
import { avatarAssetOf } from '../assets/references.ts';
import type { Queryable } from '../db/database.ts';
import { isUniqueViolation } from '../db/errors.ts';
import { conflict, forbidden, HttpProblem, notFound, unprocessable } from '../problem.ts';
import { staleVersion } from '../kit/write-rules.ts';
import { verifyIdentity, type FirebaseAuth } from '../security.ts';
import { identityOf, sessionOf, type HandlerDeps } from '../kit/context.ts';
import { toUser } from '../tenancy/mappers.ts';
import { acceptPendingInvitations, openSession } from '../auth/sessions.ts';

type Handlers = Pick<RouteHandlers, 'checkUserExists' | 'loginUser' | 'registerUser' | 'logoutUser' | 'logoutEverywhere' | 'getUser' | 'updateUser'>;

interface Account {
  id: string;
  email: string;
  status: string;
}

/**
 * The Cita account of a verified identity, with its stored e-mail brought in line with the identity
 * provider's current answer (ARCHITECTURE: identity-bound facts follow the provider, never a stale
 * copy). The account is found by Firebase uid; an account created before it had a uid is linked by
 * e-mail only when the provider has verified that e-mail. When the e-mail changes, every other
 * session of the account ends, and an address another account holds is refused (409), never merged.
 */
async function accountFor(tx: Queryable, identity: FirebaseAuth): Promise<Account> {
  let { rows } = await tx.query<Account & { email_verified: boolean }>(
    'SELECT id, email, status, email_verified FROM users WHERE firebase_uid = $1 FOR UPDATE',
    [identity.uid],
  );
  if (!rows[0]) {
    if (!identity.emailVerified) {
      const unlinked = await tx.query('SELECT 1 FROM users WHERE lower(email) = $1 AND firebase_uid IS NULL', [identity.email]);
      if (unlinked.rows.length > 0) throw forbidden('Verify your e-mail address to sign in to this account.');
      throw notFound('There is no Cita account for this identity yet; register first.');
    }
    ({ rows } = await tx.query<Account & { email_verified: boolean }>(
      `UPDATE users SET firebase_uid = $2 WHERE lower(email) = $1 AND firebase_uid IS NULL
        RETURNING id, email, status, email_verified`,
      [identity.email, identity.uid],
    ));
  }
  const user = rows[0];
  if (!user) throw notFound('There is no Cita account for this identity yet; register first.');
  const emailChanged = user.email.toLowerCase() !== identity.email;
  if (emailChanged || user.email_verified !== identity.emailVerified) {
    try {
      await tx.query('SAVEPOINT follow_identity');
      await tx.query('UPDATE users SET email = $2, email_verified = $3 WHERE id = $1', [user.id, identity.email, identity.emailVerified]);
      await tx.query('RELEASE SAVEPOINT follow_identity');
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      await tx.query('ROLLBACK TO SAVEPOINT follow_identity');
      throw conflict('Another Cita account uses this e-mail address.', 'email_in_use');
    }
    // Sessions opened under the old address carried its rights: they end with it.
    if (emailChanged) await tx.query('UPDATE sessions SET revoked_at = now() WHERE user_id = $1 AND revoked_at IS NULL', [user.id]);
  }
  return { id: user.id, email: identity.email, status: user.status };
}

export function userHandlers({ db, verifier, sessions }: HandlerDeps): Handlers {
  const verify = (idToken: string) => verifyIdentity(verifier, idToken);

  return {
    async checkUserExists(request, reply) {
      // Only for the e-mail the caller proves with its ID token: no account enumeration.
      const identity = identityOf(request);
      if (request.params.email.toLowerCase() !== identity.email) throw forbidden('You can only check your own e-mail address.');
      const exists = await db.withSystem(async (tx) => {
        const { rows } = await tx.query('SELECT 1 FROM users WHERE lower(email) = $1 OR firebase_uid = $2', [identity.email, identity.uid]);
        return rows.length > 0;
      });
      return reply.code(200).send({ exists });
    },

    async loginUser(request, reply) {
      const identity = await verify(request.body.firebase_id_token);
      const session = await db.withSystem(async (tx) => {
        const user = await accountFor(tx, identity);
        if (user.status === 'USER_STATUS_DELETED' || user.status === 'USER_STATUS_SUSPENDED') {
          throw new HttpProblem(401, 'This account is disabled.', 'user_disabled');
        }
        return openSession(tx, sessions, { ...user, emailVerified: identity.emailVerified }, request.headers['user-agent']);
      });
      return reply.code(200).send(session);
    },

    async registerUser(request, reply) {
      const body = request.body;
      const identity = await verify(body.firebase_id_token);
      if (body.email.toLowerCase() !== identity.email) {
        throw unprocessable('/email', 'email_mismatch', 'The e-mail must be the one you signed in with.');
      }
      if (body.terms_accepted === false) throw unprocessable('/terms_accepted', 'terms_required', 'The terms must be accepted.');
      try {
        const session = await db.withSystem(async (tx) => {
          const { rows } = await tx.query<{ id: string; email: string }>(
            `INSERT INTO users (email, firebase_uid, email_verified, status, locale, promotions_accepted, terms_accepted_at, registering_from)
             VALUES ($1, $2, $3, 'USER_STATUS_NEW', $4, $5, now(), $6) RETURNING id, email`,
            [identity.email, identity.uid, identity.emailVerified, body.locale ?? 'en-US', body.promotions_terms_accepted ?? false, body.registering_from ?? null],
          );
          const user = { ...rows[0]!, emailVerified: identity.emailVerified };
          if ((await acceptPendingInvitations(tx, user)) > 0) {
            await tx.query(`UPDATE users SET status = 'USER_STATUS_ACTIVE' WHERE id = $1`, [user.id]);
          }
          return openSession(tx, sessions, user, request.headers['user-agent']);
        });
        return reply.code(201).send(session);
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict('An account with this e-mail already exists; sign in instead.', 'already_registered');
        throw error;
      }
    },

    async logoutEverywhere(request, reply) {
      const { userId } = sessionOf(request);
      await db.withSystem((tx) => tx.query('UPDATE sessions SET revoked_at = now() WHERE user_id = $1 AND revoked_at IS NULL', [userId]));
      return reply.code(204).send();
    },

    async logoutUser(request, reply) {
      const { tokenHash } = sessionOf(request);
      await db.withSystem((tx) => tx.query('UPDATE sessions SET revoked_at = now() WHERE token_hash = $1 AND revoked_at IS NULL', [tokenHash]));
      return reply.code(204).send();
    },

    async getUser(request, reply) {
      const auth = sessionOf(request);
      // Visible to the user, to administrators and to the people who share a business with them.
      // One statement, so no BEGIN/COMMIT around it (two round trips fewer on every session check),
      // through a function (migration 016) whose plan is kept rather than made again on every call.
      const { rows } = await db.querySystem('SELECT * FROM cita_visible_user($1, $2, $3)', [request.params.id, auth.userId, auth.isAdmin]);
      const row = rows[0];
      if (!row) throw notFound();
      return reply.code(200).send({ user: toUser(row) });
    },

    async updateUser(request, reply) {
      const auth = sessionOf(request);
      if (request.params.id !== auth.userId) throw notFound();
      const input = request.body.user;
      const avatarId = input.avatarAssetId;
      const avatar = typeof avatarId === 'string' ? await db.withSystem((tx) => avatarAssetOf(tx, auth.userId, avatarId, '/user/avatarAssetId')) : undefined;
      const columns: Array<[string, unknown]> = [];
      if (input.name !== undefined) columns.push(['name', input.name]);
      if (input.lastName !== undefined) columns.push(['last_name', input.lastName]);
      if (input.locale !== undefined) columns.push(['locale', input.locale]);
      if (input.phoneCountryCode !== undefined) columns.push(['phone_country_code', input.phoneCountryCode]);
      if (input.phoneNumber !== undefined) columns.push(['phone_number', input.phoneNumber]);
      if (avatarId !== undefined) columns.push(['avatar_asset_id', avatar?.id ?? null], ['avatar_tenant_id', avatar?.tenantId ?? null]);
      const row = await db.withSystem(async (tx) => {
        // The version the profile form read: a save over another device's answers 409.
        if (input.version !== undefined) {
          const current = await tx.query<{ version: number }>('SELECT version FROM users WHERE id = $1 FOR UPDATE', [auth.userId]);
          if (current.rows[0] && current.rows[0].version !== input.version) throw staleVersion();
        }
        if (columns.length === 0) return (await tx.query('SELECT * FROM users WHERE id = $1', [auth.userId])).rows[0];
        // The version counts changes to the profile form's fields; the avatar is saved on its own.
        const bump = columns.some(([column]) => !column.startsWith('avatar_')) ? ['version = version + 1'] : [];
        const sets = [...columns.map(([column], i) => `${column} = $${i + 2}`), ...bump].join(', ');
        return (await tx.query(`UPDATE users SET ${sets} WHERE id = $1 RETURNING *`, [auth.userId, ...columns.map(([, v]) => v)])).rows[0];
      });
      if (!row) throw notFound();
      return reply.code(200).send({ user: toUser(row) });
    },
  };
}
