// Durability under SIGKILL on PostgreSQL (TEST_DATABASE_URL; skipped without it, a failure in CI): see durability-suite.ts.
import { describeDurability } from './durability-suite.ts';
import { postgresRequired } from '../postgres-required.ts';

describeDurability('postgres');

postgresRequired('durability under SIGKILL');
