// Where the customer search spends its time, one request at a time (no load): per pattern, the API
// latency (median of 20) and the database's EXPLAIN ANALYZE of the search query. Not part of `npm run bench`:
//   node --import tsx scripts/bench/profile-catalogue.ts [pglite|postgres]
import { performance } from 'node:perf_hooks';
import { PATTERNS, startCita } from './catalogue.ts';

const engine = process.argv[2] === 'postgres' ? 'postgres' : 'pglite';
const cita = await startCita(engine);
const auth = { authorization: `Bearer ${cita.token}` };
const base = `${cita.baseUrl}/v1/tenants/${cita.tenantId}/customers`;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
try {
  for (const [label, path] of [
    ...PATTERNS.map((pattern) => [`search ${pattern}`, `/by/${encodeURIComponent(pattern)}?limit=50`] as const),
    ['list page 1', '/list?limit=50&offset=0&sort=lastName'],
    ['list page 100', '/list?limit=50&offset=4950&sort=lastName'],
  ]) {
    const times: number[] = [];
    for (let i = 0; i < 21; i += 1) {
      const start = performance.now();
      const response = await fetch(`${base}${path}`, { headers: auth });
      await response.arrayBuffer();
      if (i > 0) times.push(performance.now() - start);
    }
    console.log(`${label.padEnd(28)} median ${median(times).toFixed(1)} ms, max ${Math.max(...times).toFixed(1)} ms`);
  }
  if (process.env.EXPLAIN) {
    const terms = process.env.EXPLAIN.split(' ');
    const plan = await cita.db.withTenant(cita.tenantId, (tx) =>
      tx.query(
        `EXPLAIN (ANALYZE, BUFFERS) WITH hits AS MATERIALIZED (SELECT * FROM customer_search($2::text[])),
                n AS (SELECT count(*)::int AS total FROM hits),
                page AS (SELECT p.*, row_number() OVER () AS rn
                           FROM (SELECT c.id, c.name, c.last_name, c.phone_country_code, c.phone_number, c.email FROM hits c
                                  ORDER BY CASE WHEN starts_with(c.search, cita_fold($4)) OR starts_with(c.sort_name, cita_fold($4)) OR starts_with(c.phone_digits, $4) THEN 0 ELSE 1 END,
                                           CASE WHEN (SELECT total FROM n) <= 500 THEN similarity(c.search, cita_fold($3)) END DESC NULLS LAST, c.sort_name, c.id
                                  LIMIT 50) p)
         SELECT n.total, p.*, ARRAY(SELECT l.tag_id::text FROM customer_tag_links l WHERE l.tenant_id = $1 AND l.customer_id = p.id ORDER BY l.tag_id) AS tag_ids
           FROM n LEFT JOIN page p ON true ORDER BY p.rn`,
        [cita.tenantId, terms, terms.join(' '), terms[0]],
      ),
    );
    console.log(plan.rows.map((row) => Object.values(row)[0]).join('\n'));
  }
} finally {
  await cita.close();
}
