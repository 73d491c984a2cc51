// The security suites that walk the contract, on one target (the Cita they start, or the one
// CITA_BASE_URL names: `npm run test:contract`): contract fuzzing, the authorization matrix and user
// enumeration.
import { afterAll, beforeAll } from 'vitest';
import { authorizationSuite } from './authorization-suite.ts';
import { enumerationSuite } from './enumeration-suite.ts';
import { fuzzSuite } from './fuzz-suite.ts';
import { targetFor, type Target } from './target.ts';

let target: Target | undefined;

beforeAll(async () => {
  target = await targetFor();
}, 120_000);

afterAll(async () => {
  await target?.close();
}, 60_000);

const current = () => {
  if (!target) throw new Error('the security target did not start');
  return target;
};
authorizationSuite(current);
enumerationSuite(current);
fuzzSuite(current);
