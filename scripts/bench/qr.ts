// QR rows of `npm run bench` (BENCH_ONLY=qr, issue 19 "Speed"): GET /q/{code}, the short link a printed
// QR code encodes (count the scan, 302 to its target), at a fixed 100 requests a second on PGlite:
// p99 < 20 ms, and within 1.5× a bare Fastify redirect route reading the same row (no rate limit, no
// counting, no language) on the same database at the same rate, measured in the same run. 200 codes of
// 4 businesses, the load rotating over 50 of them (booking codes that follow the business's booking
// address, and URL codes). The load comes from a child process (this file, forked), open-loop and evenly
// spaced; a 302 is the expected answer, anything else fails the row. Each measurement runs
// BENCH_QR_ROUNDS times (2 by default: the machine is shared) and each round is reported.
import { fork } from 'node:child_process';
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { latencyRow, report, type BenchRow } from './rows.ts';

const RATE = 100;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const ROUNDS = Number(process.env.BENCH_QR_ROUNDS ?? 2);
const CHILD = 'CITA_BENCH_QR_LOAD';

interface Run {
  p50: number;
  p99: number;
  max: number;
  failed: number;
  redirected: number;
}

/** The child: `total` GETs due at start + i / rate over keep-alive sockets, latency from when each was due (no coordinated omission). */
async function openLoop({ url, paths, rate, seconds }: { url: string; paths: string[]; rate: number; seconds: number }): Promise<Run> {
  const base = new URL(url);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 10 });
  const total = Math.round(rate * seconds);
  const latencies: number[] = [];
  let failed = 0;
  let redirected = 0;
  const send = (i: number, due: number) =>
    new Promise<void>((resolve) => {
      const request = http.request({ host: base.hostname, port: base.port, method: 'GET', path: paths[i % paths.length], agent, headers: { accept: '*/*' } }, (response) => {
        response.resume();
        response.on('end', () => {
          latencies.push(performance.now() - due);
          if (response.statusCode === 302 && response.headers.location) redirected++;
          else failed++;
          resolve();
        });
      });
      request.setTimeout(10_000, () => request.destroy(new Error('timeout')));
      request.on('error', () => {
        latencies.push(performance.now() - due);
        failed++;
        resolve();
      });
      request.end();
    });
  const started = performance.now();
  const inFlight: Promise<void>[] = [];
  for (let i = 0; i < total; i++) {
    const due = started + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait - 1));
    while (performance.now() < due);
    inFlight.push(send(i, due));
  }
  await Promise.all(inFlight);
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const at = (q: number) => Math.round(latencies[Math.min(latencies.length - 1, Math.ceil(q * latencies.length) - 1)]! * 10) / 10;
  return { p50: at(0.5), p99: at(0.99), max: at(1), failed, redirected };
}

if (process.env[CHILD] && process.send) {
  process.once('message', async (options) => {
    process.send!(await openLoop(options as Parameters<typeof openLoop>[0]));
    process.exit(0);
  });
}

function load(url: string, paths: string[]): Promise<Run> {
  const child = fork(fileURLToPath(import.meta.url), [], { execArgv: ['--import', 'tsx'], env: { ...process.env, [CHILD]: '1' }, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  return new Promise<Run>((resolve, reject) => {
    child.once('message', (message) => resolve(message as Run));
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`bench qr: the load generator exited (${code}) without an answer`)));
    child.send({ url, paths, rate: RATE, seconds: SECONDS });
  }).finally(() => {
    child.removeAllListeners();
    if (child.exitCode === null) child.kill();
  });
}

export async function qrRows(): Promise<BenchRow[]> {
  // Imported here, not at the top: the forked load generator (this file) needs none of the server.
  const { default: Fastify } = await import('fastify');
  const { startCita } = await import('./catalogue.ts');
  // 4 businesses with their booking page, 50 codes each: booking codes (no target: the business's
  // booking address) and URL codes (a review page). The public rate limit raised out of the way: the
  // load comes from one address.
  const cita = await startCita('pglite', {
    publicRateLimit: 100_000_000,
    arrange: async (db) => {
      const codes = await db.withSystem(async (tx) => {
        const owners = await tx.query<{ id: string }>(
          `INSERT INTO users (email, status, name, email_verified) SELECT 'qr-bench-' || i || '-' || gen_random_uuid() || '@example.com', 'USER_STATUS_ACTIVE', 'Owner ' || i, true
             FROM generate_series(1, 4) AS i RETURNING id`,
        );
        const tenants = await tx.query<{ id: string }>(
          `INSERT INTO tenants (business_name, email, status, owner_user_id, license_status, license_active_until, services, booking_enabled, booking_slug)
           SELECT 'QR salon ' || o, 'bench@example.com', 'TENANT_STATUS_ACTIVE', u, 'LICENSE_STATUS_BETA_TESTER', now() + interval '30 days', '[]', true, 'qr-salon-' || o || '-' || substr(md5(random()::text), 1, 6)
             FROM unnest($1::uuid[]) WITH ORDINALITY AS x(u, o) RETURNING id`,
          [owners.rows.map((row) => row.id)],
        );
        const { rows } = await tx.query<{ code: string }>(
          `INSERT INTO qr_codes (tenant_id, code, name, kind, target_url)
           SELECT t, substr(md5(t::text || i), 1, 4) || lpad(i::text, 4, '0'),
                  CASE WHEN i % 2 = 0 THEN 'Reserva mostrador ' || i ELSE 'Reseñas ' || i END,
                  CASE WHEN i % 2 = 0 THEN 'QR_CODE_KIND_BOOKING' ELSE 'QR_CODE_KIND_REVIEW' END,
                  CASE WHEN i % 2 = 0 THEN NULL ELSE 'https://g.page/r/bench-' || i || '/review' END
             FROM unnest($1::uuid[]) AS t, generate_series(1, 50) AS i RETURNING code`,
          [tenants.rows.map((row) => row.id)],
        );
        return rows.map((row) => row.code);
      });
      if (db.vacuum) await db.vacuum();
      return { codes };
    },
  });
  const { db, config, codes } = cita;
  const floor = Fastify({ logger: false });
  try {
    // The floor: a bare redirect route reading the same row (code, business's booking address) in a transaction of the same kind.
    floor.get<{ Params: { code: string } }>('/q/:code', async (request, reply) => {
      const row = (
        await db.withSystem((tx) =>
          tx.query<{ target_url: string | null; booking_slug: string | null }>(
            'SELECT q.target_url, t.booking_slug FROM qr_codes q JOIN tenants t ON t.id = q.tenant_id WHERE q.code = $1 AND q.deleted_at IS NULL',
            [request.params.code],
          ),
        )
      ).rows[0];
      if (!row) return reply.code(404).send();
      return reply.redirect(row.target_url ?? `${config.publicUrl}/book/${row.booking_slug}`, 302);
    });
    await floor.listen({ host: '127.0.0.1', port: 0 });
    const url = (server: { server: typeof floor.server }) => `http://127.0.0.1:${(server.server.address() as { port: number }).port}`;
    const paths = codes.filter((_, i) => i % 4 === 0).map((code) => `/q/${code}`);
    const rows: BenchRow[] = [];
    await load(cita.baseUrl, paths.slice(0, 10)); // warm-up of both (JIT, plans)
    await load(url(floor), paths.slice(0, 10));
    for (let round = 1; round <= ROUNDS; round++) {
      const r = ROUNDS > 1 ? ` (round ${round})` : '';
      const measured = await load(cita.baseUrl, paths);
      const bare = await load(url(floor), paths);
      console.log(`bench qr${r}: /q/{code} p50 ${measured.p50} p99 ${measured.p99} max ${measured.max}; bare p50 ${bare.p50} p99 ${bare.p99} max ${bare.max}`);
      const ratio = measured.p99 / bare.p99;
      rows.push(
        latencyRow(`qr PGlite: /q/{code} redirect (counted) at ${RATE}/s p99${r}`, measured.p99, 20, { failed: measured.failed }, measured.redirected === 0),
        report(`qr PGlite: /q/{code} p50${r}`, measured.p50, 'ms'),
        report(`qr PGlite: floor, bare Fastify redirect reading the same row at ${RATE}/s p99${r}`, bare.p99, 'ms'),
        { name: `qr PGlite: /q/{code} p99 ÷ bare redirect p99${r}`, value: Number(ratio.toFixed(2)), unit: 'x', target: '≤ 1.5', met: ratio <= 1.5 && bare.failed === 0 },
      );
    }
    const counted = (await db.querySystem<{ n: number }>('SELECT coalesce(sum(scan_count), 0)::int AS n FROM qr_codes')).rows[0]!.n;
    rows.push(report('qr PGlite: scans counted (every measured and warm-up GET)', counted, 'scans'));
    return rows;
  } finally {
    await floor.close();
    await cita.close();
  }
}
