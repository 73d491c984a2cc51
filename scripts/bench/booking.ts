// Online booking rows of `npm run bench` (BENCH_ONLY=booking): GET /v1/public/booking/{slug}/availability
// for one service over 14 days, anonymous, in the business of the calendar rows (10 members, 60,000
// appointments over 3 years; scripts/bench/calendar-api.ts arranges it), with online booking on. On PGlite,
// and on PostgreSQL when a URL is given. Target p99 < 100 ms (issue 9).
import autocannon from 'autocannon';
import { Temporal } from 'temporal-polyfill';
import { buildApp } from '../../server/app.ts';
import { createIdTokenVerifier } from '../../server/auth/firebase.ts';
import { loadConfig } from '../../server/config.ts';
import { openDatabase } from '../../server/db/database.ts';
import { testTarget } from '../../server/db/test-databases.ts';
import { arrange } from './calendar-api.ts';
import { latencyRow, report, type BenchRow } from './rows.ts';

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 8);
const DAYS = 14;

async function engineRows(engine: 'pglite' | 'postgres'): Promise<BenchRow[]> {
  const target = await testTarget(engine);
  const db = await openDatabase(target.options);
  try {
    const config = loadConfig({ FIREBASE_PROJECT_ID: 'demo-cita', FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:1', PUBLIC_RATE_LIMIT: '100000000', DATA_DIR: '/tmp' });
    const verifier = createIdTokenVerifier({ projectId: 'demo-cita', emulatorHost: '127.0.0.1:1', production: false });
    const app = await buildApp({ config, db, verifier, logger: { level: 'info', stream: { write: () => {} } } });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const cita = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
    try {
      const arranged = await arrange(db);
      const slug = `bench-${arranged.tenantId.slice(0, 8)}`;
      const serviceId = await db.withSystem(async (tx) => {
        await tx.query(
          `UPDATE tenants SET booking_enabled = true, booking_slug = $2, booking_minimum_notice_minutes = 0, booking_horizon_days = 60 WHERE id = $1`,
          [arranged.tenantId, slug],
        );
        const { rows } = await tx.query<{ id: string }>(`UPDATE services SET online_bookable = true, buffer_minutes = 10 WHERE tenant_id = $1 RETURNING id`, [arranged.tenantId]);
        return rows[0]!.id;
      });
      const from = Temporal.Now.plainDateISO('Europe/Madrid').toString();
      const url = `${cita}/v1/public/booking/${slug}/availability?serviceIds=${serviceId}&from=${from}&days=${DAYS}`;
      const check = await fetch(url);
      const answer = (await check.json()) as { days?: Array<{ slots: unknown[] }> };
      if (check.status !== 200) throw new Error(`booking bench: ${check.status} ${JSON.stringify(answer)}`);
      const slots = answer.days?.reduce((sum, day) => sum + day.slots.length, 0) ?? 0;
      const run = async () => {
        const result = await autocannon({ url, method: 'GET', connections: 1, duration: DURATION_S });
        // autocannon's errors include its timeouts.
        return { ...result.latency, failed: result.non2xx + result.errors };
      };
      await run(); // warm-up (JIT, plans)
      const latency = await run();
      const name = `Booking ${engine}: availability, 1 service, ${DAYS} days, 10 members (${slots} free starts; 60000 appts)`;
      // No free start at all would measure an empty answer, not the work: that fails the row.
      return [latencyRow(`${name} p99, one connection`, latency.p99, 100, latency, slots === 0), report(`${name} p50, one connection`, latency.p50, 'ms')];
    } finally {
      await app.close();
      await verifier.close();
    }
  } finally {
    await db.close();
    await target.dispose();
  }
}

/** The booking rows on PGlite, and on PostgreSQL when `postgresUrl` is set. */
export async function bookingRows(postgresUrl: string | undefined): Promise<BenchRow[]> {
  const rows = await engineRows('pglite');
  if (postgresUrl) {
    process.env.TEST_DATABASE_URL = postgresUrl;
    rows.push(...(await engineRows('postgres')));
  }
  return rows;
}
