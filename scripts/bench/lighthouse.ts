// Lighthouse rows of `npm run bench` (BENCH_ONLY=lighthouse): Lighthouse 12 (mobile profile: a
// mid-range phone, simulated slow 4G and a 4× slower CPU) on /login, on the public booking page
// (/book/{slug}, its own small entry: issue 9) and on the signed-in home of a
// Cita started as `npm start` runs it (the built SPA, the API on a fresh PGlite, the Auth emulator).
// Targets: performance ≥ 95, accessibility = 100, best practices ≥ 95. Each run's report goes to
// bench/lighthouse-<page>.json and the audits that cost points are printed.
// The performance score is simulated from a trace of the load on this machine: a loaded machine gives
// lower, noisier scores, so /login is measured right after its floor: the bundle rows' minimal app with
// the same libraries (React, Mantine, TanStack, react-intl, Firebase Auth...), served the same way, in
// the same Chromium, and the signed-in home right after its own (the same libraries without Firebase
// Auth, as the bundle rows' home floor). Ports 18252-18257 (BENCH_LIGHTHOUSE_PORT; the Auth emulator
// takes the next one and its hub and logging the two after; the floors the two after those). Nothing
// leaves the machine.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Result, type RunnerResult } from 'lighthouse';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join } from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import puppeteer from 'puppeteer-core';
import * as Lantern from 'lighthouse/core/lib/lantern/lantern.js';
import { resolveChromium } from '../browser.mjs';
import { createEmulatorUser } from '../emulator.mjs';
import { tokenCookie } from '../../src/entities/session/session-values.ts';
import { buildFloor } from './bundle.ts';
import { buildDist, SIGN_IN_READY, startUntilAnswers } from './coldstart.ts';
import type { BenchRow } from './rows.ts';

const PORT = Number(process.env.BENCH_LIGHTHOUSE_PORT ?? 18252);
// Lighthouse's own advice for a noisy machine: several runs, the median one reported (by performance
// score). BENCH_LIGHTHOUSE_RUNS (3); BENCH_LIGHTHOUSE_PAGES=login,booking,home picks pages (all).
const RUNS = Math.max(1, Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3));
const CPU_SLOWDOWN = process.env.BENCH_LIGHTHOUSE_CPU ? Number(process.env.BENCH_LIGHTHOUSE_CPU) : undefined;
/** A diagnostic: BENCH_LIGHTHOUSE_TRACE=1 keeps the median run's trace (bench/lighthouse-<page>.trace.json, for DevTools' Performance panel). */
const KEEP_TRACE = /^(1|true)$/i.test(process.env.BENCH_LIGHTHOUSE_TRACE ?? '');
const traces = new WeakMap<Result, unknown>();
/**
 * A diagnostic: BENCH_LIGHTHOUSE_LANTERN=1 keeps, for the median run, the requests and main-thread
 * tasks of the simulation Lighthouse's LCP comes from (bench/lighthouse-<page>.lantern.txt: start and
 * end in simulated ms): which request waited for what on the simulated phone's network.
 */
const KEEP_LANTERN = /^(1|true)$/i.test(process.env.BENCH_LIGHTHOUSE_LANTERN ?? '');
if (KEEP_LANTERN) process.env.LANTERN_DEBUG = '1'; // what makes Lighthouse keep the simulations' timings
const lanterns = new WeakMap<Result, string>();
/** Lighthouse's default mobile throttling (slow 4G, 150 ms round trips, 1.6 Mbit/s). */
const MOBILE_THROTTLING = { rttMs: 150, throughputKbps: 1638.4, requestLatencyMs: 562.5, downloadThroughputKbps: 1474.56, uploadThroughputKbps: 675 };
const PAGES = new Set((process.env.BENCH_LIGHTHOUSE_PAGES ?? 'login,booking,home').split(','));
const FLOOR_PORTS = { login: PORT + 4, home: PORT + 5 } as const;
type FloorPage = keyof typeof FLOOR_PORTS;
const BOOKING_SLUG = 'bright-smile-dental';
const CATEGORIES = [
  { id: 'performance', target: '≥ 95', met: (score: number) => score >= 95 },
  { id: 'accessibility', target: '= 100', met: (score: number) => score === 100 },
  { id: 'best-practices', target: '≥ 95', met: (score: number) => score >= 95 },
] as const;
const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

async function call<T>(baseUrl: string, method: string, path: string, body?: unknown, token?: string): Promise<T> {
  const response = await fetch(baseUrl + path, {
    method,
    headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`bench: ${method} ${path} → ${response.status}: ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

/** An owner with a business, as `npm run seed` makes one (the Auth emulator, then the API): the session the SPA keeps. */
async function ownerSession(baseUrl: string, emulatorHost: string) {
  const email = `lighthouse-${Date.now()}@example.com`;
  const { idToken } = await createEmulatorUser(emulatorHost, { email, password: 'cita-bench-1234' });
  const registered = await call<{ token: string; userId: string; expiresAt: string }>(baseUrl, 'POST', '/v1/users/register', {
    email, firebase_id_token: idToken, terms_accepted: true, promotions_terms_accepted: false, registering_from: 'bench', locale: 'en-US',
  });
  const { token, userId } = registered;
  await call(baseUrl, 'PUT', `/v1/users/${userId}`, { user: { name: 'Grace', lastName: 'Hopper', locale: 'en-US' } }, token);
  const { tenant } = await call<{ tenant: { id: string } }>(baseUrl, 'POST', '/v1/tenants', {
    tenant: {
      businessName: 'Bright Smile Dental', email, category: 'dental_clinic', phoneCountryCode: '+1', phoneNumber: '7185550123',
      address: { line1: '210 Court Street', city: 'Brooklyn', postalCode: '11201', region: 'NY', country: 'US' },
      locale: 'en-US', timeZone: 'America/New_York', services: ['Check-up', 'Cleaning'],
      workMode: { teamMode: 'TEAM_MODE_ALONE', bookingMode: 'BOOKING_MODE_APPOINTMENTS_ONLY', serviceLocation: 'SERVICE_LOCATION_AT_BUSINESS' },
    },
  }, token);
  const weekly = Object.fromEntries(['monday', 'tuesday', 'wednesday', 'thursday', 'friday'].map((day) => [day, [{ start: '08:00', end: '17:00' }]]));
  await call(baseUrl, 'PUT', `/v1/tenants/${tenant.id}`, { tenant: { id: tenant.id, opening_hours: { timeZone: 'America/New_York', weekly: { ...weekly, saturday: [], sunday: [] }, closedDates: [] } } }, token);
  // Its public booking page (issue 9): two services bookable online, the page turned on.
  for (const [name, durationMinutes, amount] of [['Check-up', 30, 6000], ['Cleaning', 45, 9000]] as const) {
    await call(baseUrl, 'POST', `/v1/tenants/${tenant.id}/services`, { service: { name, durationMinutes, price: { amount, currency: 'EUR' }, color: '#228be6', active: true, onlineBookable: true } }, token);
  }
  await call(baseUrl, 'PUT', `/v1/tenants/${tenant.id}`, { tenant: { id: tenant.id, onlineBooking: { enabled: true, slug: BOOKING_SLUG } } }, token);
  const { user } = await call<{ user: unknown }>(baseUrl, 'GET', `/v1/users/${userId}`, undefined, token);
  const { tenants } = await call<{ tenants: unknown[] }>(baseUrl, 'GET', `/v1/tenants/users/${userId}`, undefined, token);
  return { cookie: tokenCookie(token, Date.parse(registered.expiresAt), Date.now(), false), session: JSON.stringify({ user, tenant: tenants[0], isAdmin: false }) };
}

/** Signs the browser in as the SPA does after a login: the `token` cookie and the session in localStorage. */
async function signInBrowser(chromePort: number, baseUrl: string, owner: { cookie: string; session: string }) {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chromePort}` });
  try {
    const page = await browser.newPage();
    await page.goto(`${baseUrl}/healthz`); // same origin, no SPA
    await page.evaluate(({ cookie, session }) => {
      document.cookie = cookie;
      document.cookie = 'locale=en-US; Path=/; SameSite=Lax';
      window.localStorage.setItem('session', session);
    }, owner);
    await page.close();
  } finally {
    await browser.disconnect();
  }
}

/** The audits that cost the most points of a category (weight × what the audit missed), best first. */
function costs(lhr: Result, category: string): string[] {
  const refs = lhr.categories[category]?.auditRefs ?? [];
  const total = refs.reduce((sum, ref) => sum + ref.weight, 0);
  return refs
    .map((ref) => ({ ref, audit: lhr.audits[ref.id]!, lost: ref.weight > 0 && lhr.audits[ref.id]?.score !== null ? (ref.weight * (1 - (lhr.audits[ref.id]!.score ?? 0))) / total : 0 }))
    .filter(({ lost }) => lost > 0.0005)
    .sort((a, b) => b.lost - a.lost)
    .slice(0, 6)
    .map(({ audit, lost }) => `−${(lost * 100).toFixed(1)} ${audit.id}${audit.displayValue ? ` (${audit.displayValue})` : ''}`);
}

/** Failed audits that carry no weight in the score but a person would notice (e.g. a11y items of a 100). */
function failedUnweighted(lhr: Result, category: string): string[] {
  return (lhr.categories[category]?.auditRefs ?? [])
    .filter((ref) => ref.weight === 0 && lhr.audits[ref.id]?.score === 0 && lhr.audits[ref.id]?.scoreDisplayMode === 'binary')
    .map((ref) => ref.id);
}

/**
 * One Lighthouse run. A run whose trace recording failed (runtimeError, e.g. NO_NAVSTART: Lighthouse
 * asks to run again) is run once more, rather than losing the whole bench to it.
 */
async function run(url: string, chromePort: number): Promise<Result> {
  for (let attempt = 1; ; attempt += 1) {
    const result = (await lighthouse(url, {
      port: chromePort,
      output: 'json',
      logLevel: 'error',
      onlyCategories: CATEGORIES.map((category) => category.id),
      // A diagnostic: BENCH_LIGHTHOUSE_CPU=1 simulates the phone's network with this machine's CPU, to
      // tell what of a page's time is the CPU's (4 by default, Lighthouse's mobile profile).
      ...(CPU_SLOWDOWN === undefined ? {} : { throttling: { ...MOBILE_THROTTLING, cpuSlowdownMultiplier: CPU_SLOWDOWN } }),
    })) as RunnerResult | undefined;
    if (!result) throw new Error(`bench: Lighthouse gave no result for ${url}`);
    const { lhr } = result;
    if (!lhr.runtimeError) {
      if (KEEP_LANTERN) lanterns.set(lhr, lanternLcp());
      if (KEEP_TRACE) traces.set(lhr, result.artifacts.Trace);
      return lhr;
    }
    const failure = `bench: Lighthouse on ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`;
    if (attempt === 2) throw new Error(failure);
    console.warn(`${failure}; running it again`);
  }
}

/** The last run's pessimistic LCP simulation as text (see KEEP_LANTERN); the simulations' timings are then dropped. */
function lanternLcp(): string {
  type Timing = { startTime: number; endTime: number };
  type SimNode = { type: string; duration: number; request?: { url: string; transferSize: number; priority: string } };
  const all = Lantern.Simulation.Simulator.allNodeTimings as unknown as Map<string, Map<SimNode, Timing>>;
  const ms = (value: number) => String(Math.round(value)).padStart(6);
  const lines = [...(all.get('pessimisticLargestContentfulPaint') ?? [])]
    .sort((a, b) => a[1].startTime - b[1].startTime)
    .map(([node, timing]) => `${ms(timing.startTime)} ${ms(timing.endTime)}  ${node.request ? `${node.request.url.replace(/^https?:\/\/[^/]+/, '')} (${node.request.transferSize} B, ${node.request.priority})` : `task of ${Math.round(node.duration / 1000)} ms (unthrottled)`}`);
  all.clear();
  return `start    end   (pessimistic LCP simulation, ms)\n${lines.join('\n')}\n`;
}

/** The median of RUNS Lighthouse runs of `url` by performance score, with every run's score, LCP and TBT. */
async function medianRun(url: string, chromePort: number): Promise<{ lhr: Result; all: string }> {
  const runs: Result[] = [];
  for (let i = 0; i < RUNS; i++) runs.push(await run(url, chromePort));
  const performance = (lhr: Result) => lhr.categories.performance?.score ?? 0;
  const metric = (lhr: Result, id: string) => Math.round(lhr.audits[id]?.numericValue ?? 0);
  const all = runs.map((lhr) => `${Math.round(performance(lhr) * 100)} (LCP ${metric(lhr, 'largest-contentful-paint')}, TBT ${metric(lhr, 'total-blocking-time')})`).join(', ');
  const sorted = [...runs].sort((a, b) => performance(a) - performance(b));
  return { lhr: sorted[Math.floor((sorted.length - 1) / 2)]!, all };
}

async function audit(url: string, chromePort: number, page: string, expectPath: string): Promise<BenchRow[]> {
  const { lhr, all } = await medianRun(url, chromePort);
  if (RUNS > 1) console.warn(`bench: Lighthouse ${page} performance in ${RUNS} runs: ${all}; the median run is reported`);
  const landed = new URL(lhr.finalDisplayedUrl).pathname;
  if (landed !== expectPath) throw new Error(`bench: Lighthouse on ${url} ended on ${landed}, not ${expectPath} (not signed in?)`);
  mkdirSync('bench', { recursive: true });
  const file = `bench/lighthouse-${page.replace(/[^a-z]+/g, '-').replace(/^-|-$/g, '')}`;
  writeFileSync(`${file}.json`, `${JSON.stringify(lhr)}\n`);
  if (traces.has(lhr)) writeFileSync(`${file}.trace.json`, JSON.stringify(traces.get(lhr)));
  if (lanterns.has(lhr)) writeFileSync(`${file}.lantern.txt`, lanterns.get(lhr)!);
  const rows: BenchRow[] = [];
  for (const category of CATEGORIES) {
    const score = Math.round((lhr.categories[category.id]?.score ?? 0) * 100);
    const lost = costs(lhr, category.id);
    if (lost.length > 0) console.warn(`bench: Lighthouse ${page} ${category.id} ${score}: ${lost.join(', ')}`);
    if (lhr.runWarnings.length > 0 && category.id === 'performance') console.warn(`bench: Lighthouse ${page} warnings: ${lhr.runWarnings.join(' | ')}`);
    const unweighted = failedUnweighted(lhr, category.id);
    if (unweighted.length > 0) console.warn(`bench: Lighthouse ${page} ${category.id}: also failed (no weight): ${unweighted.join(', ')}`);
    rows.push({ name: `Lighthouse mobile ${page}: ${category.id}`, value: score, unit: 'score', target: category.target, met: category.met(score) });
  }
  const metric = (id: string) => Math.round(lhr.audits[id]?.numericValue ?? 0);
  rows.push({
    name: `Lighthouse mobile ${page}: LCP (FCP ${metric('first-contentful-paint')} ms, TBT ${metric('total-blocking-time')} ms, simulated)`,
    value: metric('largest-contentful-paint'),
    unit: 'ms',
    target: 'report',
    met: null,
  });
  rows.push({ name: `Lighthouse mobile ${page}: TBT (simulated)`, value: metric('total-blocking-time'), unit: 'ms', target: 'report', met: null });
  // Lighthouse's own CPU benchmark of this machine during the run: the simulation scales the observed
  // main-thread work, so a loaded or slow machine (a lower index) gives a lower performance score.
  rows.push({ name: `Lighthouse mobile ${page}: this machine's CPU benchmark index during the run (higher is faster)`, value: Math.round(lhr.environment.benchmarkIndex), unit: 'index', target: 'report', met: null });
  return rows;
}

const CONTENT_TYPES: Record<string, string> = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.css': 'text/css', '.svg': 'image/svg+xml' };

/**
 * The bundle rows' floor of a page (the same libraries in a minimal app; Firebase Auth for /login
 * only), served as Cita serves its build (brotli, immutable assets): what Lighthouse gives a page that
 * loads only these libraries, on this machine, in this run.
 */
async function serveFloor(page: FloorPage): Promise<{ server: Server; dir: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'cita-bench-lighthouse-floor-'));
  const files = new Map<string, Buffer>();
  for (const file of await buildFloor(page === 'login', dir)) files.set(`/${file}`, brotliCompressSync(readFileSync(join(dir, file))));
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://floor').pathname;
    const body = files.get(path === '/' ? '/index.html' : path);
    if (!body) return void response.writeHead(404).end();
    response.writeHead(200, {
      'content-type': CONTENT_TYPES[extname(path === '/' ? '/index.html' : path)] ?? 'application/octet-stream',
      'content-encoding': 'br',
      'cache-control': path.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
    });
    response.end(body);
  });
  await new Promise<void>((resolve) => server.listen(FLOOR_PORTS[page], '127.0.0.1', resolve));
  return { server, dir };
}

async function floorRows(page: string, url: string, chromePort: number): Promise<BenchRow[]> {
  const { lhr, all } = await medianRun(url, chromePort);
  if (RUNS > 1) console.warn(`bench: Lighthouse floor for ${page} performance in ${RUNS} runs: ${all}; the median run is reported`);
  const metric = (id: string) => Math.round(lhr.audits[id]?.numericValue ?? 0);
  const score = Math.round((lhr.categories.performance?.score ?? 0) * 100);
  return [
    { name: `Lighthouse mobile floor for ${page} (the bundle floor: same libraries, minimal app): performance`, value: score, unit: 'score', target: 'floor', met: null },
    { name: `Lighthouse mobile floor for ${page}: TBT (simulated)`, value: metric('total-blocking-time'), unit: 'ms', target: 'floor', met: null },
    { name: `Lighthouse mobile floor for ${page}: LCP (simulated)`, value: metric('largest-contentful-paint'), unit: 'ms', target: 'floor', met: null },
  ];
}

/** A page's TBT as a ratio to its floor's, both read from `rows`. */
function tbtRatioRow(rows: BenchRow[], page: string): BenchRow {
  const tbt = (name: string) => rows.find((row) => row.name === `Lighthouse mobile ${name}: TBT (simulated)`)?.value ?? 0;
  const [floorTbt, pageTbt] = [tbt(`floor for ${page}`), tbt(page)];
  return {
    name: `Lighthouse mobile ${page}: TBT ratio to its floor (same run, same Chromium)`,
    value: floorTbt > 0 ? Math.round((pageTbt / floorTbt) * 100) / 100 : 0,
    unit: '×',
    target: 'report',
    met: null,
  };
}

export async function lighthouseRows(): Promise<BenchRow[]> {
  buildDist();
  const dataDir = mkdtempSync(join(tmpdir(), 'cita-bench-lighthouse-'));
  const baseUrl = `http://127.0.0.1:${PORT}`;
  const emulatorHost = `127.0.0.1:${PORT + 1}`;
  let stack: Awaited<ReturnType<typeof startUntilAnswers>> | undefined;
  let chrome: chromeLauncher.LaunchedChrome | undefined;
  const floors: Array<Awaited<ReturnType<typeof serveFloor>>> = [];
  try {
    for (const page of ['login', 'home'] as const) if (PAGES.has(page)) floors.push(await serveFloor(page));
    stack = await startUntilAnswers(process.execPath, ['scripts/start.mjs'], { PORT: String(PORT), AUTH_EMULATOR_PORT: String(PORT + 1), DATA_DIR: dataDir }, [
      [`${baseUrl}/healthz`],
      [`${baseUrl}/login`, 'text/html'],
      [`${baseUrl}/healthz`, undefined, SIGN_IN_READY],
    ]);
    const owner = await ownerSession(baseUrl, emulatorHost);
    chrome = await chromeLauncher.launch({ chromePath: resolveChromium({ install: true }) as string, chromeFlags: CHROME_FLAGS, logLevel: 'silent' });
    const rows: BenchRow[] = [];
    if (PAGES.has('login')) {
      // Signed out first: /login as a new visitor sees it, right after its floor (the same machine state).
      rows.push(...(await floorRows('/login', `http://127.0.0.1:${FLOOR_PORTS.login}/`, chrome.port)));
      rows.push(...(await audit(`${baseUrl}/login`, chrome.port, '/login', '/login')));
      rows.push(tbtRatioRow(rows, '/login'));
    }
    if (PAGES.has('booking')) rows.push(...(await audit(`${baseUrl}/book/${BOOKING_SLUG}`, chrome.port, 'booking page', `/book/${BOOKING_SLUG}`)));
    if (PAGES.has('home')) {
      await signInBrowser(chrome.port, baseUrl, owner);
      // Right after its floor: the libraries the home loads (no Firebase Auth), in a minimal app.
      rows.push(...(await floorRows('signed-in home', `http://127.0.0.1:${FLOOR_PORTS.home}/`, chrome.port)));
      rows.push(...(await audit(`${baseUrl}/`, chrome.port, 'signed-in home', '/')));
      rows.push(tbtRatioRow(rows, 'signed-in home'));
    }
    return rows;
  } finally {
    chrome?.kill();
    await stack?.stop();
    for (const floor of floors) {
      await new Promise((resolve) => floor.server.close(resolve));
      rmSync(floor.dir, { recursive: true, force: true });
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
}
