// The API server end to end: a real server on each database engine (PGlite always, PostgreSQL when
// TEST_DATABASE_URL is set), the Firebase Auth emulator as identity provider, and every call through
// the generated SDK, whose zod validators check each 2xx response against the contract.
import { afterAll, beforeAll, describe } from 'vitest';
import {
  EMULATOR_START_TIMEOUT_MS,
  SERVER_START_TIMEOUT_MS,
  startServer,
  startTestEmulator,
  testEngines,
  type Engine,
  type TestEmulator,
  type TestServer,
} from './harness.ts';
import { appointmentsSuite } from './suites/appointments.ts';
import { assetStorageSuite } from './suites/asset-storage.ts';
import { assetSuite } from './suites/assets.ts';
import { catalogueSearchSuite } from './suites/catalogue-search.ts';
import { customerTagsSuite } from './suites/customer-tags.ts';
import { customersSuite } from './suites/customers.ts';
import { distinctionsSuite } from './suites/distinctions.ts';
import { firstDaySuite } from './suites/first-day.ts';
import { identitySuite } from './suites/identity.ts';
import { inventorySuite } from './suites/inventory.ts';
import { invoicesSuite } from './suites/invoices.ts';
import { notificationsSuite } from './suites/notifications.ts';
import { onlineBookingSuite } from './suites/online-booking.ts';
import { paymentMethodsSuite } from './suites/payment-methods.ts';
import { platformSuite } from './suites/platform.ts';
import { salesSuite } from './suites/sales.ts';
import { schedulesSuite } from './suites/schedules.ts';
import { securitySuite } from './suites/security.ts';
import { serviceObjectSuite } from './suites/service-objects.ts';
import { servicesSuite } from './suites/services.ts';
import { teamSuite } from './suites/team.ts';
import { tenancySuite } from './suites/tenancy.ts';
import { tenantSuite } from './suites/tenants.ts';
import { postgresRequired } from '../postgres-required.ts';

// One emulator for the file; one server per engine, each on its own fresh database, all started
// together. Tests isolate themselves by creating their own users and businesses.
let emulator: Promise<TestEmulator> | undefined;
const servers = new Map<Engine, Promise<TestServer>>();

beforeAll(async () => {
  emulator = startTestEmulator();
  const host = emulator.then((fixture) => fixture.emulator.host);
  for (const engine of testEngines) {
    const server = startServer(engine, host);
    server.catch(() => {}); // reported by the engine's own beforeAll
    servers.set(engine, server);
  }
  await emulator;
}, EMULATOR_START_TIMEOUT_MS);

afterAll(async () => {
  // Servers whose describe never ran (a filtered run) are closed here.
  await Promise.all([...servers.values()].map((server) => server.then((s) => s.close(), () => {})));
  await (await emulator?.catch(() => undefined))?.dispose();
}, 60_000);

describe.each(testEngines)('API on %s', (engine) => {
  let server: TestServer | undefined;
  beforeAll(async () => {
    server = await servers.get(engine);
  }, SERVER_START_TIMEOUT_MS);
  afterAll(async () => {
    await server?.close();
  }, 30_000);

  const current = () => {
    if (!server) throw new Error(`the ${engine} server did not start`);
    return server;
  };
  platformSuite(current);
  identitySuite(current);
  tenantSuite(current);
  teamSuite(current);
  tenancySuite(current);
  assetSuite(current);
  assetStorageSuite(current);
  serviceObjectSuite(current);
  securitySuite(current);
  inventorySuite(current);
  servicesSuite(current);
  catalogueSearchSuite(current);
  paymentMethodsSuite(current);
  customersSuite(current);
  customerTagsSuite(current);
  appointmentsSuite(current);
  schedulesSuite(current);
  distinctionsSuite(current);
  notificationsSuite(current);
  onlineBookingSuite(current);
  firstDaySuite(current);
  salesSuite(current);
  invoicesSuite(current);
});

postgresRequired('the server suite');
