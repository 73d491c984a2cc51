// No user enumeration (issue: proof under abuse): the identity operations answer someone else's
// e-mail the same way, in words and in time, whether or not a Cita account has it. The one operation
// that takes an e-mail it was not given in a token is checkUserExists; it must answer exactly the
// same for a stranger's registered address and for an address nobody has.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Target } from './target.ts';

let target: Target;

async function exists(email: string) {
  const started = performance.now();
  const response = await fetch(`${target.baseUrl}/v1/users/${encodeURIComponent(email)}/exists`, {
    headers: { authorization: `Bearer ${target.actor.idToken}` },
  });
  const text = await response.text();
  const elapsed = performance.now() - started;
  // The request id differs on every answer; everything else must not.
  return { status: response.status, body: text.replace(/"requestId":"[^"]*"/, ''), elapsed };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

export function enumerationSuite(current: () => Target) {
  describe('user enumeration', () => {
    beforeAll(() => {
      target = current();
    });

    it("answers a stranger's registered e-mail exactly like an unknown one, in words and in time", async () => {
      const registered = target.stranger.email;
      const unknown = `nobody-${randomUUID()}@example.com`;
      const first = [await exists(registered), await exists(unknown), await exists(registered.toUpperCase())];
      expect(first[0]!.status).toBe(403);
      expect(new Set(first.map((answer) => `${answer.status} ${answer.body}`)).size).toBe(1);

      // Interleaved, so that the machine's load weighs on both alike. A lookup that only one side
      // makes (a database read, a password hash) shows as a gap between the medians.
      const times: Record<'registered' | 'unknown', number[]> = { registered: [], unknown: [] };
      for (let round = 0; round < 30; round += 1) {
        times.registered.push((await exists(registered)).elapsed);
        times.unknown.push((await exists(`nobody-${round}-${randomUUID()}@example.com`)).elapsed);
      }
      const [a, b] = [median(times.registered), median(times.unknown)];
      expect(Math.abs(a - b), `median ${a.toFixed(1)} ms for a registered e-mail, ${b.toFixed(1)} ms for an unknown one`).toBeLessThan(Math.max(5, 0.5 * Math.min(a, b)));
    }, 120_000);
  });
}
