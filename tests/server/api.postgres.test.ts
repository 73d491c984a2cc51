// The server suites on PostgreSQL (TEST_DATABASE_URL), side by side with api.test.ts on PGlite.
import { postgresRequired } from '../postgres-required.ts';
import { describeApi } from './api-suites.ts';

if (process.env.TEST_DATABASE_URL) describeApi('postgres');
postgresRequired('the server suite');
