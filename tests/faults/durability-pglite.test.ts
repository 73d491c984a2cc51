// Durability under SIGKILL on PGlite (the lock file, WAL recovery): see durability-suite.ts.
import { describeDurability } from './durability-suite.ts';

describeDurability('pglite');
