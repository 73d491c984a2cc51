// Durability under SIGKILL on PostgreSQL (TEST_DATABASE_URL; skipped without it): see durability-suite.ts.
import { describeDurability } from './durability-suite.ts';

describeDurability('postgres');
