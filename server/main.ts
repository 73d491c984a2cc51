import { createIdTokenVerifier } from './auth/firebase.ts';
import { buildApp } from './app.ts';
import { createAssetCleaner } from './assets/cleanup.ts';
import { assetStorageFor } from './assets/storage.ts';
import { loadConfig } from './config.ts';
import { DatabaseLockedError, openDatabase, type Database } from './db/database.ts';
import { openWhenReachable } from './db/deferred-database.ts';
import { lazyServerSecret } from './notifications/cancel-token.ts';
import { transportFor } from './notifications/transport.ts';
import { createOutboxWorker } from './notifications/worker.ts';
import { phoneSendersFor, reminderChannels } from './notifications/phone.ts';
import { periodic } from './periodic.ts';

const config = loadConfig();
let db: Database;
try {
  const open = () => openDatabase({ url: config.databaseUrl, dataDir: `${config.dataDir}/db` });
  // PostgreSQL that cannot be reached yet: start degraded (503 and /healthz say why) and keep trying,
  // instead of refusing to start and making a restart loop of every instance while it is down.
  db = config.databaseUrl
    ? await openWhenReachable('postgres', open, {
        onRetryFailed: (error, nextInMs) =>
          console.error(`PostgreSQL cannot be reached (${(error as Error).message}); answering 503 and trying again in ${nextInMs / 1000} s.`),
        onOpened: () => console.error('PostgreSQL is reachable again: migrations applied, serving requests.'),
      })
    : await open();
} catch (error) {
  if (error instanceof DatabaseLockedError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
const verifier = createIdTokenVerifier({
  projectId: config.firebase.projectId,
  emulatorHost: config.firebase.emulatorHost,
  production: config.production,
});
// One asset storage (disk or S3-compatible bucket) for the API and the cleaner of orphaned images.
// (Its log is the app's, created next: storage calls only happen once the app serves.)
const assetStorage = assetStorageFor(config.assets, { error: (obj, msg) => app.log.error(obj, msg) });
// One link-signing secret (CITA_SECRET, else the database's), loaded once for the API and the outbox worker.
const secret = lazyServerSecret(db, config.secret);
const app = await buildApp({ config, db, verifier, assetStorage, secret });
const assetCleaner = createAssetCleaner({
  db,
  storage: assetStorage,
  graceSeconds: config.assets.orphanGraceSeconds,
  intervalMs: config.assets.cleanupIntervalMs,
  log: app.log,
});

// The outbox worker: reminders, confirmations and cancellation notices (SMTP_URL, else .eml files).
const transport = transportFor(config.mail);
const worker = createOutboxWorker({
  db,
  transport,
  render: { secret, publicUrl: config.publicUrl, from: config.mail.from },
  // Reminders by SMS (Twilio) and WhatsApp (Cloud API) when configured (TWILIO_*, WHATSAPP_*).
  phone: phoneSendersFor(config.phone),
  pollMs: config.mail.pollMs,
  log: app.log,
});

// PGlite has no autovacuum: this process vacuums it (Database.vacuum), at start and then every interval.
const vacuum =
  db.vacuum && config.pgliteVacuumIntervalMs > 0
    ? periodic(() => db.vacuum!(), { delayAfter: () => config.pgliteVacuumIntervalMs, retryMs: config.pgliteVacuumIntervalMs, failure: 'database vacuum failed', log: app.log })
    : undefined;

// Graceful shutdown: stop accepting, finish in-flight requests, then close the database cleanly.
let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, async () => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    try {
      await worker.stop();
      await assetCleaner.stop();
      await vacuum?.stop();
      transport.close();
      await app.close();
      await db.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'unclean shutdown');
      process.exit(1);
    }
  });
}

await app.listen({ host: config.host, port: config.port });
if (config.mail.worker) {
  worker.start();
  app.log.info(
    { transport: transport.kind, ...(transport.kind === 'files' ? { dir: config.mail.outboxDir } : {}), reminderChannels: reminderChannels(config.phone) },
    'outbox worker started',
  );
}
if (config.assets.cleanup) {
  assetCleaner.start();
  app.log.info({ storage: assetStorage.kind, everyMs: config.assets.cleanupIntervalMs }, 'asset cleaner started');
}
vacuum?.start();
