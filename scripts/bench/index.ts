// `npm run bench`: prints a table and writes bench/results.json (rows {name, value, unit, target, met}).
// Not part of `npm test`: speed is measured here, against floors measured in the same run.
//   BENCH_ONLY=api|bundle   BENCH_SECONDS=8   BENCH_DATABASE_URL=postgres://… (else TEST_DATABASE_URL)
import { mkdirSync, writeFileSync } from 'node:fs';
import { apiRows } from './api.ts';
import { bundleRows } from './bundle.ts';
import { calendarApiRows } from './calendar-api.ts';
import { calendarRows } from './calendar.ts';
import type { BenchRow } from './rows.ts';

const only = process.env.BENCH_ONLY;
const rows: BenchRow[] = [];
const postgresUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;

if (!only || only === 'bundle') rows.push(...(await bundleRows()));
if (!only || only === 'api') {
  rows.push(...(await apiRows('pglite')));
  if (postgresUrl) {
    process.env.TEST_DATABASE_URL = postgresUrl;
    rows.push(...(await apiRows('postgres')));
  } else console.warn('bench: no BENCH_DATABASE_URL or TEST_DATABASE_URL, so no PostgreSQL rows');
}

if (!only || only === 'calendar') rows.push(...(await calendarRows()));
if (!only || only === 'calendar-api') rows.push(...(await calendarApiRows(postgresUrl)));

mkdirSync('bench', { recursive: true });
writeFileSync('bench/results.json', `${JSON.stringify(rows, null, 2)}\n`);
const width = Math.max(...rows.map((row) => row.name.length));
console.log(`\n${'figure'.padEnd(width)}  ${'value'.padStart(10)}  unit     target                          met`);
for (const row of rows) {
  console.log(`${row.name.padEnd(width)}  ${String(row.value).padStart(10)}  ${row.unit.padEnd(7)}  ${row.target.padEnd(30)}  ${row.met ? 'yes' : 'NO'}`);
}
console.log(`\n${rows.filter((row) => row.met).length} of ${rows.length} targets met; written to bench/results.json`);
