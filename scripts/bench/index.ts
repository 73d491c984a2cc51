// `npm run bench`: prints a table and writes bench/results.json (rows {name, value, unit, target, met}).
// Not part of `npm test`: speed is measured here, against floors measured in the same run.
//   BENCH_ONLY=bundle|api|coldstart|catalogue|calendar-api|calendar|lighthouse|booking|import|books|ocr|money|qr|sales-list (a comma-separated list)   BENCH_SECONDS=8
//   BENCH_DATABASE_URL=postgres://… (else TEST_DATABASE_URL)   BENCH_INSTALL=1 (npm ci on a fresh copy)
//   BENCH_CACHE_DIR (default <os.tmpdir()>/cita-bench-cache: the books/sales-list seeded data directory, kept between runs)   BENCH_CACHE=0 (seed afresh, keep nothing)
// One line per group: a group is a function returning rows.
import { mkdirSync, writeFileSync } from 'node:fs';
import { apiRows } from './api.ts';
import { bookingRows } from './booking.ts';
import { booksRows } from './books.ts';
import { bundleRows } from './bundle.ts';
import { calendarApiRows } from './calendar-api.ts';
import { catalogueRows } from './catalogue.ts';
import { coldstartRows } from './coldstart.ts';
import { importRowsBench } from './import.ts';
import { lighthouseRows } from './lighthouse.ts';
import { moneyRows } from './money.ts';
import { ocrRows } from './ocr.ts';
import { qrRows } from './qr.ts';
import { salesListRows } from './sales-list.ts';
import { calendarRows } from './calendar.ts';
import type { BenchRow } from './rows.ts';

const groups: Record<string, () => Promise<BenchRow[]>> = {
  bundle: bundleRows,
  api: apiRows,
  coldstart: coldstartRows,
  catalogue: () => catalogueRows(process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL),
  'calendar-api': () => calendarApiRows(process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL),
  lighthouse: lighthouseRows,
  calendar: calendarRows,
  booking: () => bookingRows(process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL),
  import: importRowsBench,
  books: booksRows,
  ocr: ocrRows,
  money: moneyRows,
  qr: qrRows,
  'sales-list': salesListRows,
};

const only = process.env.BENCH_ONLY?.split(',').map((name) => name.trim());
const unknown = only?.filter((name) => !groups[name]) ?? [];
if (unknown.length > 0) throw new Error(`BENCH_ONLY: no group ${unknown.join(', ')} (groups: ${Object.keys(groups).join(', ')})`);
const rows: BenchRow[] = [];
for (const [name, group] of Object.entries(groups)) if (!only || only.includes(name)) rows.push(...(await group()));

mkdirSync('bench', { recursive: true });
writeFileSync('bench/results.json', `${JSON.stringify(rows, null, 2)}\n`);
const width = Math.max(...rows.map((row) => row.name.length));
const shown = (row: BenchRow) => (row.met === null ? '—' : row.met ? 'yes' : 'NO');
console.log(`\n${'figure'.padEnd(width)}  ${'value'.padStart(10)}  unit     target                          met`);
for (const row of rows) {
  console.log(`${row.name.padEnd(width)}  ${String(row.value).padStart(10)}  ${row.unit.padEnd(7)}  ${row.target.padEnd(30)}  ${shown(row)}${row.note ? `  (${row.note})` : ''}`);
}
// Only rows with a target count: floors and reported figures (met: null) are neither met nor missed.
const targets = rows.filter((row) => row.met !== null);
console.log(`\n${targets.filter((row) => row.met).length} of ${targets.length} targets met (${rows.length - targets.length} figures reported without a target); written to bench/results.json`);
