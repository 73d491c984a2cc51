// Authorization matrix (issue: proof under abuse), walking the contract: every operation that needs
// a session refuses no session, a forged, an expired and a revoked one with 401; every operation of
// a business refuses the owner of another business with 404 (exactly like an id that does not
// exist), and refuses an administrator or a member with 403 exactly where the README's role matrix
// says so (the literal table in role-expectations.ts, written by hand), and where the one role matrix
// (server/tenancy/roles.ts), named per operation by the contract's x-cita-authorization, says so (the
// derived check, second); and no refused request changes anything in the database (checked on the
// Cita the suite starts; against a remote Cita that check is off and the output says so).
import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { hashSessionToken } from '../../server/auth/session-token.ts';
import { ROLE_MATRIX, type Action, type Resource } from '../../server/tenancy/roles.ts';
import { answerProblems, operations, queryValue, type Operation } from './contract.ts';
import { ROLE_EXPECTATIONS } from './role-expectations.ts';
import { NOT_IMPLEMENTED, type Target, type TargetActor } from './target.ts';

/** The suite's target, set when the suite starts. */
let target: Target;

function pathFor(operation: Operation, actor: TargetActor): string {
  return operation.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    if (name === 'tenantId') return actor.tenantId;
    if (name === 'userId') return actor.userId;
    if (name === 'email') return encodeURIComponent(actor.email);
    if (name === 'pattern') return 'ana';
    if (name === 'token') return 'x'.repeat(43);
    return '00000000-0000-4000-8000-000000000000';
  });
}

async function call(operation: Operation, path: string, token: string | undefined) {
  const bodyless = operation.method === 'GET';
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  if (!bodyless && operation.example !== undefined) headers['content-type'] = 'application/json';
  const query = new URLSearchParams();
  for (const parameter of operation.parameters) {
    if (parameter.in === 'query' && parameter.required) query.set(parameter.name, queryValue(parameter));
  }
  const response = await fetch(`${target.baseUrl}${path}${query.size ? `?${query}` : ''}`, {
    method: operation.method,
    headers,
    body: bodyless || operation.example === undefined ? undefined : JSON.stringify(operation.example),
  });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

/**
 * A digest of every table but sessions (whose last_seen_at a valid session refreshes), or undefined
 * against a remote Cita, whose database the suite cannot read: then "changing nothing" is not
 * checked, and the test named below says so instead of comparing two empty digests.
 */
async function databaseDigest(): Promise<Record<string, string> | undefined> {
  const server = target.server;
  if (!server) return undefined;
  const digest = await server.db.withSystem(async (tx) => {
    const { rows } = await tx.query<{ tablename: string }>(
      `SELECT tablename FROM pg_tables WHERE schemaname = 'public' AND tablename <> 'sessions' ORDER BY tablename`,
    );
    const digest: Record<string, string> = {};
    for (const { tablename } of rows) {
      const result = await tx.query<{ d: string | null }>(`SELECT md5(coalesce(string_agg(t::text, ',' ORDER BY t::text), '')) AS d FROM "${tablename}" t`);
      digest[tablename] = result.rows[0]?.d ?? '';
    }
    return digest;
  });
  // A digest of nothing would make every comparison pass: the schema has dozens of tables.
  expect(Object.keys(digest).length, 'tables in the database digest').toBeGreaterThan(20);
  expect(digest).toHaveProperty('customers');
  return digest;
}

/** How many before/after comparisons of the database this run made or tried (none against a remote Cita). */
let databaseComparisons = 0;

/** The database is what it was before the refused requests (a no-op where it cannot be read). */
function expectSame(before: Record<string, string> | undefined, after: Record<string, string> | undefined, what: string) {
  if (!before) return;
  databaseComparisons += 1;
  expect(after, `the database after ${what}`).toEqual(before);
}

async function expectUnchanged(before: Record<string, string> | undefined, what: string) {
  expectSame(before, before && (await databaseDigest()), what);
}

const secured = () => operations.filter((operation) => operation.security === 'bearer');

type Role = 'TEAM_ROLE_OWNER' | 'TEAM_ROLE_ADMIN' | 'TEAM_ROLE_MEMBER';
const ROLES: readonly Role[] = ['TEAM_ROLE_OWNER', 'TEAM_ROLE_ADMIN', 'TEAM_ROLE_MEMBER'];

/** The roles an operation's row of the matrix allows (every role for `member`); undefined for an unknown row. */
function allowedRoles(authorization: string): readonly Role[] | undefined {
  if (authorization === 'member') return ROLES;
  const [resource, action] = authorization.split('.') as [Resource, Action];
  return ROLE_MATRIX[resource]?.[action] as readonly Role[] | undefined;
}

/** The implemented operations of a business (a tenant in their path or in their input). */
const businessOperations = () =>
  secured().filter((operation) => !NOT_IMPLEMENTED.has(operation.operationId) && (operation.path.includes('{tenantId}') || operation.authorization !== undefined));

export function authorizationSuite(current: () => Target) {
  describe('authorization matrix', () => {
    beforeAll(() => {
      target = current();
    });
    it('refuses no session, a forged, an expired and a revoked session with 401 on every secured operation, changing nothing', async () => {
      const forged = randomBytes(32).toString('base64url');
      const tokens: Array<[string, string | undefined]> = [
        ['none', undefined],
        ['forged', forged],
        ['garbage', 'not a token'],
      ];
      if (target.canCreateActors && target.server) {
        const expired = await target.freshActor();
        await target.server.db.withSystem((tx) =>
          tx.query(`UPDATE sessions SET expires_at = now() - interval '1 minute' WHERE token_hash = $1`, [hashSessionToken(expired.sessionToken())]),
        );
        const revoked = await target.freshActor();
        const logout = await fetch(`${target.baseUrl}/v1/users/logout`, { method: 'POST', headers: { authorization: `Bearer ${revoked.sessionToken()}` } });
        expect(logout.status).toBe(204);
        tokens.push(['expired', expired.sessionToken()], ['revoked', revoked.sessionToken()]);
      }
      const before = await databaseDigest();
      const wrong: string[] = [];
      for (const operation of secured()) {
        for (const [label, token] of tokens) {
          const answer = await call(operation, pathFor(operation, target.actor), token);
          const problems = answerProblems(answer, { allow501: false });
          if (answer.status !== 401 || problems.length > 0)
            wrong.push(`${operation.operationId} with ${label} session → ${answer.status} ${problems.join('; ')}`);
        }
      }
      expect(wrong).toEqual([]);
      await expectUnchanged(before, 'requests refused with 401');
    }, 300_000);

    it('names a row of the role matrix on every operation of a business, and declares 403 wherever that row refuses a role', () => {
      const wrong: string[] = [];
      for (const operation of businessOperations()) {
        const roles = operation.authorization === undefined ? undefined : allowedRoles(operation.authorization);
        if (!roles) wrong.push(`${operation.operationId}: x-cita-authorization ${operation.authorization ?? 'missing'} is no row of the matrix`);
        else if (roles.length < ROLES.length && !operation.statuses.includes('403')) wrong.push(`${operation.operationId}: refuses a role but declares no 403`);
      }
      expect(wrong).toEqual([]);
    });

    it('expects of every operation of a business, in the literal table written from the README, what the role matrix allows', () => {
      const wrong: string[] = [];
      const listed = new Set(businessOperations().map((operation) => operation.operationId));
      for (const operation of businessOperations()) {
        const expected = ROLE_EXPECTATIONS[operation.operationId];
        if (!expected) {
          wrong.push(`${operation.operationId}: not in the literal table (tests/security/role-expectations.ts): write its line from the README's role matrix`);
          continue;
        }
        const roles = operation.authorization === undefined ? undefined : allowedRoles(operation.authorization);
        if (!roles) continue; // reported by the test above
        const [admin, member] = expected;
        const matrix = [roles.includes('TEAM_ROLE_ADMIN') ? 'ok' : 403, roles.includes('TEAM_ROLE_MEMBER') ? 'ok' : 403];
        if (!roles.includes('TEAM_ROLE_OWNER')) wrong.push(`${operation.operationId}: ${operation.authorization} refuses the owner`);
        if (matrix[0] !== admin || matrix[1] !== member) {
          wrong.push(`${operation.operationId} (${operation.authorization}): README [admin, member] = [${admin}, ${member}], the role matrix gives [${matrix.join(', ')}]`);
        }
      }
      for (const operationId of Object.keys(ROLE_EXPECTATIONS)) {
        if (!listed.has(operationId)) wrong.push(`${operationId}: in the literal table but no implemented operation of a business in the contract`);
      }
      expect(wrong).toEqual([]);
    });

    it('refuses administrators and members with 403 exactly where the README says (literal table), and where the role matrix says (derived), the refusals changing nothing', async (context) => {
      if (!target.canCreateActors) return context.skip('off against a remote Cita: the role walk invites an administrator and a member, and no account is created there');
      const teammates = {
        TEAM_ROLE_ADMIN: await target.teammate('TEAM_ROLE_ADMIN'),
        TEAM_ROLE_MEMBER: await target.teammate('TEAM_ROLE_MEMBER'),
      } as const;
      // Uploads (multipart, the business in the form) are checked by their own suite.
      const callable = businessOperations().filter((operation) => operation.path.includes('{tenantId}'));
      const cases = callable.flatMap((operation) =>
        (['TEAM_ROLE_ADMIN', 'TEAM_ROLE_MEMBER'] as const).map((role) => ({
          operation,
          role,
          // First: the README's table, written by hand (an operation missing from it is expected to be refused,
          // and the test above names it).
          literal: ROLE_EXPECTATIONS[operation.operationId]?.[role === 'TEAM_ROLE_ADMIN' ? 0 : 1] === 'ok',
          // Second: what the matrix under test allows.
          derived: allowedRoles(operation.authorization!)?.includes(role) ?? false,
        })),
      );
      const literalWrong: string[] = [];
      const derivedWrong: string[] = [];
      const check = (answer: Awaited<ReturnType<typeof call>>, allowed: boolean, label: string, wrong: string[]) => {
        const problems = answerProblems(answer, { allow501: false });
        if (allowed ? answer.status === 403 || answer.status >= 500 || problems.length > 0 : answer.status !== 403 || problems.length > 0) {
          wrong.push(`${label} → ${answer.status} (${allowed ? 'allowed' : 'refused'}) ${problems.join('; ')}`);
        }
      };
      // The refusals (by either expectation) first, on an unchanged database; then the calls both allow (which may write).
      const refused = cases.filter((c) => !c.literal || !c.derived);
      const allowed = cases.filter((c) => c.literal && c.derived);
      const walk = async (batch: typeof cases) => {
        for (const c of batch) {
          const actor = teammates[c.role];
          const answer = await call(c.operation, pathFor(c.operation, actor), actor.sessionToken());
          const label = `${c.operation.operationId} as ${c.role}`;
          check(answer, c.literal, `${label}, README table`, literalWrong);
          check(answer, c.derived, `${label}, role matrix`, derivedWrong);
        }
      };
      const before = await databaseDigest();
      await walk(refused);
      const after = before && (await databaseDigest());
      await walk(allowed);
      expect(literalWrong, 'against the literal table written from the README').toEqual([]);
      expect(derivedWrong, 'against the role matrix (server/tenancy/roles.ts)').toEqual([]);
      expectSame(before, after, 'requests refused with 403');
      expect(refused.length, 'the README refuses members something').toBeGreaterThan(20);
    }, 300_000);

    it('answers 404 to the owner of another business on every operation of this one, changing nothing', async () => {
      const before = await databaseDigest();
      const wrong: string[] = [];
      for (const operation of secured().filter((op) => op.path.includes('{tenantId}'))) {
        const answer = await call(operation, pathFor(operation, target.actor), target.stranger.sessionToken());
        const problems = answerProblems(answer, { allow501: false });
        if (answer.status !== 404 || problems.length > 0) wrong.push(`${operation.operationId} → ${answer.status} ${problems.join('; ')}`);
      }
      expect(wrong).toEqual([]);
      await expectUnchanged(before, 'requests refused with 404');
    }, 300_000);

    it('compared the whole database before and after every batch of refused requests', (context) => {
      if (!target.server) {
        return context.skip('off against a remote Cita: its database cannot be read, so "the refused requests changed nothing" was not checked');
      }
      // The 401 walk, the 403 walk (only with teammates) and the 404 walk.
      expect(databaseComparisons).toBe(target.canCreateActors ? 3 : 2);
    });
  });
}
