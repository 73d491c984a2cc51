// The API server end to end on one database engine: a real server, the Firebase Auth emulator as
// identity provider, and every call through the generated SDK, whose zod validators check each 2xx
// response against the contract. One test file per engine (api.test.ts on PGlite, api.postgres.test.ts
// on PostgreSQL), so that vitest runs the two engines side by side, one per core.
import { afterAll, beforeAll, describe } from 'vitest';
import { EMULATOR_START_TIMEOUT_MS, SERVER_START_TIMEOUT_MS, startServer, startTestEmulator, type Engine, type TestEmulator, type TestServer } from './harness.ts';
import { appointmentsSuite } from './suites/appointments.ts';
import { assetStorageSuite } from './suites/asset-storage.ts';
import { assetSuite } from './suites/assets.ts';
import { catalogueSearchSuite } from './suites/catalogue-search.ts';
import { customerTagsSuite } from './suites/customer-tags.ts';
import { customersSuite } from './suites/customers.ts';
import { distinctionsSuite } from './suites/distinctions.ts';
import { expensesSuite } from './suites/expenses.ts';
import { firstDaySuite } from './suites/first-day.ts';
import { identitySuite } from './suites/identity.ts';
import { inventorySuite } from './suites/inventory.ts';
import { invoicesSuite } from './suites/invoices.ts';
import { notificationsSuite } from './suites/notifications.ts';
import { onlineBookingSuite } from './suites/online-booking.ts';
import { paymentMethodsSuite } from './suites/payment-methods.ts';
import { phoneRemindersSuite } from './suites/phone-reminders.ts';
import { qrCodesSuite } from './suites/qr-codes.ts';
import { portfolioSuite } from './suites/portfolio.ts';
import { platformSuite } from './suites/platform.ts';
import { reportsSuite } from './suites/reports.ts';
import { salesSuite } from './suites/sales.ts';
import { schedulesSuite } from './suites/schedules.ts';
import { securitySuite } from './suites/security.ts';
import { serviceObjectSuite } from './suites/service-objects.ts';
import { servicesSuite } from './suites/services.ts';
import { teamSuite } from './suites/team.ts';
import { tenancySuite } from './suites/tenancy.ts';
import { tenantSuite } from './suites/tenants.ts';

/** Every server suite on `engine`: one emulator and one server on a fresh database for the file, started
 * together. Tests isolate themselves by creating their own users and businesses. */
export function describeApi(engine: Engine) {
  let emulator: Promise<TestEmulator> | undefined;
  let started: Promise<TestServer> | undefined;

  beforeAll(async () => {
    emulator = startTestEmulator();
    started = startServer(
      engine,
      emulator.then((fixture) => fixture.emulator.host),
    );
    started.catch(() => {}); // reported by the describe's own beforeAll
    await emulator;
  }, EMULATOR_START_TIMEOUT_MS);

  afterAll(async () => {
    // A server whose describe never ran (a filtered run) is closed here.
    await started?.then(
      (s) => s.close(),
      () => {},
    );
    await (await emulator?.catch(() => undefined))?.dispose();
  }, 60_000);

  describe(`API on ${engine}`, () => {
    let server: TestServer | undefined;
    beforeAll(async () => {
      server = await started;
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
    qrCodesSuite(current);
    portfolioSuite(current);
    customersSuite(current);
    customerTagsSuite(current);
    appointmentsSuite(current);
    schedulesSuite(current);
    distinctionsSuite(current);
    notificationsSuite(current);
    phoneRemindersSuite(current);
    onlineBookingSuite(current);
    salesSuite(current);
    invoicesSuite(current);
    reportsSuite(current);
    expensesSuite(current);
    firstDaySuite(current);
  });
}
