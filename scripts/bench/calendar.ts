// Calendar rows of `npm run bench` (BENCH_ONLY=calendar): the week view with 1,000 events in Chromium,
// our calendar (the app's CalendarGrid and event mapping) against a bare FullCalendar 7 with the same
// options (GRID_OPTIONS and the props CalendarGrid passes) and events with FullCalendar's own event
// content showing the same text (customer, status, services, notes as the title), in the same providers, built and measured in the same run (target ≤ 1.1×), and the time
// from the data arriving to the week being rendered, painted and the main thread free (target
// < 300 ms), for the busy week of 1,000 events and for the average week of the tenant.
// A FullCalendar showing the customer only is reported too (less text to lay out and paint than ours).
// Where the time goes: scripts/bench/calendar-profile.ts.
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { join, resolve } from 'node:path';
import { readFileSync, existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from '@playwright/test';
import { build } from 'vite';
import { resolveChromium } from '../browser.mjs';
import type { BenchRow } from './rows.ts';

const ROOT = resolve(import.meta.dirname, '..', '..');
const RUNS = Number(process.env.BENCH_CALENDAR_RUNS ?? 7);
const EVENTS = 1000;
/** The average week of the tenant: 60,000 appointments over three years (156 weeks), all members. */
const TENANT_WEEK = 385;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

export async function buildHarness(): Promise<string> {
  const dir = mkdtempSync(join(ROOT, 'node_modules', '.cita-bench-calendar-'));
  copyFileSync(join(import.meta.dirname, 'calendar', 'harness.tsx'), join(dir, 'main.tsx'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><html lang="es"><body><div id="root"></div><script type="module" src="./main.tsx"></script></body></html>');
  const react = (await import('@vitejs/plugin-react')).default;
  const outDir = join(dir, 'dist');
  mkdirSync(outDir);
  await build({
    root: dir,
    configFile: false,
    logLevel: 'silent',
    plugins: [react()],
    resolve: {
      alias: [
        { find: '~', replacement: join(ROOT, 'src') },
        { find: '@generated', replacement: join(ROOT, 'generated') },
        // The harness runs from a copy: its relative import of the app's messages, made absolute.
        { find: '../../../messages/es-ES.json', replacement: join(ROOT, 'messages', 'es-ES.json') },
      ],
    },
    build: { outDir, emptyOutDir: true, minify: process.env.BENCH_CALENDAR_MINIFY !== '0' },
  });
  return dir;
}

export function serve(dir: string) {
  const types: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' };
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://x').pathname;
    const file = join(dir, path === '/' ? 'index.html' : path);
    if (!file.startsWith(dir) || !existsSync(file)) return void response.writeHead(404).end();
    response.writeHead(200, { 'content-type': types[file.slice(file.lastIndexOf('.'))] ?? 'application/octet-stream' }).end(readFileSync(file));
  });
  return new Promise<{ url: string; close: () => void }>((done) =>
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      done({ url: `http://127.0.0.1:${port}`, close: () => server.close() });
    }),
  );
}

/** Median ms from the data arriving to the week painted and the main thread free, ours and bare, alternating runs. */
async function measure(browser: Browser, url: string, events: number, pages: ReadonlyArray<'ours' | 'bare' | 'title'>) {
  const times: Record<'ours' | 'bare' | 'title', number[]> = { ours: [], bare: [], title: [] };
  // Alternating runs, each in a fresh page, so that all see the same machine load.
  for (let run = 0; run < RUNS + 1; run++) {
    for (const which of pages) {
      const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
      await page.goto(`${url}/?calendar=${which}&events=${events}`);
      await page.waitForFunction(() => typeof window.benchRender === 'function');
      const ms = await page.evaluate(() => window.benchRender());
      const rendered = await page.evaluate(() => (document.body.innerText.match(/Customer \d+/g) ?? []).length);
      if (rendered === 0) throw new Error(`bench calendar: ${which} rendered no events`);
      if (run > 0) times[which].push(ms); // the first run warms up the browser
      await page.close();
    }
  }
  return { ours: median(times.ours), bare: median(times.bare), title: times.title.length > 0 ? median(times.title) : NaN };
}

export async function calendarRows(): Promise<BenchRow[]> {
  const dir = await buildHarness();
  const server = await serve(join(dir, 'dist'));
  const browser = await chromium.launch({ executablePath: resolveChromium({ install: true }) as string, args: ['--no-sandbox', '--disable-gpu'] });
  try {
    const busy = await measure(browser, server.url, EVENTS, ['bare', 'title', 'ours']);
    const tenant = await measure(browser, server.url, TENANT_WEEK, ['bare', 'ours']);
    const round = (ms: number) => Math.round(ms);
    return [
      { name: `calendar floor: bare FullCalendar week, ${EVENTS} events (median of ${RUNS})`, value: round(busy.bare), unit: 'ms', target: 'floor', met: null },
      {
        name: `calendar week, ${EVENTS} events: ours vs bare FullCalendar (${round(busy.ours)} ms)`,
        value: Math.round((busy.ours / busy.bare) * 100) / 100,
        unit: '×',
        target: '≤ 1.1 × floor',
        met: busy.ours <= 1.1 * busy.bare,
      },
      {
        name: `calendar week, ${EVENTS} events: ours vs FullCalendar showing the customer only (${round(busy.title)} ms)`,
        value: Math.round((busy.ours / busy.title) * 100) / 100,
        unit: '×',
        target: 'report',
        met: null,
      },
      { name: `calendar week interactive after the data arrives (${EVENTS} events)`, value: round(busy.ours), unit: 'ms', target: '< 300 ms', met: busy.ours < 300 },
      {
        name: `calendar week interactive, ${TENANT_WEEK} events (a week of 60,000 over 3 years; bare ${round(tenant.bare)} ms)`,
        value: round(tenant.ours),
        unit: 'ms',
        target: '< 300 ms',
        met: tenant.ours < 300,
      },
    ];
  } finally {
    await browser.close();
    server.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) console.table(await calendarRows());
