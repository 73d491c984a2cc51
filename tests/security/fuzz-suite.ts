// Contract fuzzing (issue: proof under abuse): at least 50 seeded requests per operation of the
// contract, ≥ 5,000 in all, against the real server. Pass: no 5xx (501 only where the operation is
// not built yet), every error problem+json that names the field where there is one and leaks
// nothing, every 2xx valid against the contract, the security headers on every answer.
//
// Against the server it starts (PGlite + Auth emulator), or against any running Cita for QA:
//   npm run test:contract -- --base-url https://cita.example --account a@x.example:pw --account b@x.example:pw
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { answerProblems, operations, responseValidator, type Operation } from './contract.ts';
import { requestsFor, type FuzzContext, type FuzzRequest } from './fuzz.ts';
import type { Target } from './target.ts';

const RUNS_PER_OPERATION = Number(process.env.FUZZ_RUNS ?? 50);
const SEED = Number(process.env.FUZZ_SEED ?? 20261123);
/** Operations that would end the suite's own session or business: each gets a fresh owner. */
const DESTRUCTIVE = new Set(['deleteTenant', 'logoutUser', 'logoutEverywhere']);
/** Statuses any operation may answer whatever the contract lists (transport-level refusals). */
const ALWAYS_POSSIBLE = new Set([400, 401, 413, 414, 415, 429, 431]);

interface Failure {
  operationId: string;
  kind: string;
  request: string;
  status: number;
  problems: string[];
  body: string;
}

async function send(baseUrl: string, request: FuzzRequest) {
  const url = new URL(baseUrl + request.path);
  for (const [key, value] of Object.entries(request.query)) url.searchParams.set(key, value);
  const bodyless = request.method === 'GET' || request.method === 'HEAD';
  const headers = { ...request.headers };
  if (bodyless) delete headers['content-type'];
  const response = await fetch(url, { method: request.method, headers, body: bodyless ? undefined : request.body });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

function check(operation: Operation, request: FuzzRequest, answer: { status: number; headers: Headers; text: string }, allow501: boolean): string[] {
  const problems = answerProblems(answer, { allow501 });
  const { status, text } = answer;
  if (status >= 200 && status < 300) {
    const validate = responseValidator(operation, status);
    if (!operation.statuses.includes(String(status))) problems.push(`${status} is not declared by the contract`);
    else if (validate) {
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        problems.push('2xx body is not JSON');
      }
      if (body !== undefined && !validate(body)) problems.push(`2xx body breaks the contract: ${JSON.stringify(validate.errors?.slice(0, 2))}`);
    }
  } else if (status >= 400 && status < 500) {
    // A mangled path parameter may match no route at all: 404, whatever the operation declares.
    const unrouted = status === 404 && request.kind.startsWith('path');
    if (!ALWAYS_POSSIBLE.has(status) && !unrouted && !operation.statuses.includes(String(status))) problems.push(`${status} is not declared by the contract`);
    let problem: { errors?: Array<{ field?: unknown }> } = {};
    try {
      problem = JSON.parse(text) as typeof problem;
    } catch {
      problems.push('error body is not JSON');
    }
    const namesField =
      Array.isArray(problem.errors) && problem.errors.length > 0 && problem.errors.every((e) => typeof e.field === 'string' && e.field.length > 0);
    const fieldless = ['malformed json', 'content type', 'oversized'].includes(request.kind);
    if ((status === 422 || (status === 400 && !fieldless)) && !namesField) problems.push(`${status} does not name the failing field`);
  }
  return problems;
}

export function fuzzSuite(current: () => Target) {
  describe('contract fuzzing', () => {
    let target: Target;
    beforeAll(() => {
      target = current();
    });
    it(`answers ${RUNS_PER_OPERATION} mutated requests per operation without a 5xx, a leak or a broken answer`, async () => {
      const failures: Failure[] = [];
      let sent = 0;
      for (const [index, operation] of operations.entries()) {
        if (DESTRUCTIVE.has(operation.operationId) && !target.canCreateActors) continue;
        const actor = DESTRUCTIVE.has(operation.operationId) ? await target.freshActor() : target.actor;
        const context: FuzzContext = {
          tenantId: actor.tenantId,
          userId: actor.userId,
          email: actor.email,
          token: (op) => (op.security === 'bearer' ? actor.sessionToken() : op.security === 'firebase' ? actor.idToken : undefined),
        };
        const requests = fc.sample(requestsFor(operation, context), { seed: SEED + index, numRuns: RUNS_PER_OPERATION });
        // Destructive operations end their own actor: send the example last.
        if (DESTRUCTIVE.has(operation.operationId)) requests.sort((a, b) => Number(a.kind === 'example') - Number(b.kind === 'example'));
        for (let i = 0; i < requests.length; i += 5) {
          const batch = requests.slice(i, i + 5);
          const answers = await Promise.all(batch.map((request) => send(target.baseUrl, request)));
          batch.forEach((request, j) => {
            const answer = answers[j]!;
            const problems = check(operation, request, answer, target.allow501(operation.operationId));
            if (problems.length > 0) {
              failures.push({
                operationId: operation.operationId,
                kind: request.kind,
                request: `${request.method} ${request.path} ${JSON.stringify(request.query)} ${(request.body ?? '').slice(0, 200)}`,
                status: answer.status,
                problems,
                body: answer.text.slice(0, 300),
              });
            }
          });
          sent += batch.length;
        }
      }
      if (failures.length > 0) console.error(`contract fuzzing: ${failures.length} failures (seed ${SEED})\n${JSON.stringify(failures.slice(0, 30), null, 2)}`);
      expect(failures.map((f) => `${f.operationId} [${f.kind}] → ${f.status}: ${f.problems.join('; ')}`)).toEqual([]);
      expect(sent).toBeGreaterThanOrEqual(target.canCreateActors ? 5000 : 4000);
    }, 900_000);
  });
}
