// Authorization matrix (issue: proof under abuse), walking the contract: every operation that needs
// a session refuses no session, a forged, an expired and a revoked one with 401; every operation of
// a business refuses the owner of another business with 404 (exactly like an id that does not
// exist); and no refused request changes anything in the database.
import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { hashSessionToken } from '../../server/auth/session-token.ts';
import { answerProblems, operations, queryValue, type Operation } from './contract.ts';
import type { Target, TargetActor } from './target.ts';

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

/** A digest of every table but sessions (whose last_seen_at a valid session refreshes). */
async function databaseDigest(): Promise<Record<string, string>> {
  const server = target.server;
  if (!server) return {};
  return server.db.withSystem(async (tx) => {
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
}

const secured = () => operations.filter((operation) => operation.security === 'bearer');

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
      expect(await databaseDigest()).toEqual(before);
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
      expect(await databaseDigest()).toEqual(before);
    }, 300_000);
  });
}
