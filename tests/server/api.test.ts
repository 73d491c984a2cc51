// The server suites on PGlite (tests/server/api-suites.ts); api.postgres.test.ts runs them on PostgreSQL.
import { describeApi } from './api-suites.ts';

describeApi('pglite');
