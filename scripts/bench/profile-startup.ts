// Where the SPA's start-up spends the main thread: a CPU profile (CDP Profiler, 4× CPU throttling as
// Lighthouse's mobile profile) of a cold load of /login, the signed-in home and /customers (10,000
// customers), self time attributed to source modules through the build's source maps, plus the
// requests' waterfall. Not part of `npm run bench`:
//   node --import tsx scripts/bench/profile-startup.ts [dist-dir]   (builds into a temporary dir unless given)
//   PROFILE_PAGES=login,home,customers   PROFILE_TOP=25   PROFILE_THROTTLE=4
import { chromium, type Page } from '@playwright/test';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { SourceMapConsumer, type RawSourceMap } from 'source-map-js';
import { build } from 'vite';
import { resolveChromium } from '../browser.mjs';
import { startCita } from './catalogue.ts';

const ROOT = resolve(import.meta.dirname, '..', '..');
const THROTTLE = Number(process.env.PROFILE_THROTTLE ?? 4);
const TOP = Number(process.env.PROFILE_TOP ?? 25);
const PAGES = (process.env.PROFILE_PAGES ?? 'login,home,customers').split(',');

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
  columnNumber: number;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

let outDir = process.argv[2];
if (!outDir) {
  outDir = mkdtempSync(join(tmpdir(), 'cita-profile-startup-'));
  await build({ root: ROOT, configFile: join(ROOT, 'vite.config.ts'), logLevel: 'silent', build: { outDir, emptyOutDir: true, sourcemap: true } });
}
const maps = new Map<string, SourceMapConsumer | null>();
function consumer(url: string): SourceMapConsumer | null {
  if (maps.has(url)) return maps.get(url)!;
  const path = join(outDir!, new URL(url).pathname + '.map');
  const map = existsSync(path) ? new SourceMapConsumer(JSON.parse(readFileSync(path, 'utf8')) as RawSourceMap) : null;
  maps.set(url, map);
  return map;
}
/** A frame's source module: node_modules/<package> or the file under src/, generated/, messages/. */
function moduleOf(frame: CallFrame): string {
  if (!frame.url) return `(${frame.functionName || 'program'})`;
  if (!frame.url.startsWith('http')) return frame.url;
  const map = consumer(frame.url);
  const file = new URL(frame.url).pathname;
  if (!map) return file;
  const original = map.originalPositionFor({ line: frame.lineNumber + 1, column: frame.columnNumber });
  if (!original.source) return `${file} (unmapped)`;
  const source = original.source.replace(/^(\.\.\/)+/, '');
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source);
  return pkg ? `npm:${pkg[1]}` : source;
}

function attribute(profile: Profile) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map<number, number>();
  profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000));
  const modules = new Map<string, number>();
  const functions = new Map<string, number>();
  for (const [id, ms] of self) {
    const frame = byId.get(id)!.callFrame;
    if (frame.functionName === '(idle)') continue;
    const mod = moduleOf(frame);
    modules.set(mod, (modules.get(mod) ?? 0) + ms);
    const fn = `${mod} ${frame.functionName || '(anonymous)'}`;
    functions.set(fn, (functions.get(fn) ?? 0) + ms);
  }
  const total = [...modules.values()].reduce((a, b) => a + b, 0);
  const top = (map: Map<string, number>) => [...map].sort((a, b) => b[1] - a[1]).slice(0, TOP).map(([name, ms]) => `  ${ms.toFixed(0).padStart(6)} ms  ${name}`);
  return { total, modules: top(modules), functions: top(functions) };
}

async function measure(page: Page, name: string, url: string, ready: (page: Page) => Promise<unknown>) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLE });
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  const requests: string[] = [];
  const t0 = Date.now();
  page.on('request', (request) => requests.push(`  +${String(Date.now() - t0).padStart(5)} ms  → ${request.method()} ${request.url().replace(/^https?:\/\/[^/]+/, '')}`));
  page.on('requestfinished', (request) => requests.push(`  +${String(Date.now() - t0).padStart(5)} ms  ✓ ${request.url().replace(/^https?:\/\/[^/]+/, '')}`));
  // Long tasks as the page sees them.
  await page.addInitScript(() => {
    const w = window as unknown as { __long: Array<[number, number]> };
    w.__long = [];
    new PerformanceObserver((list) => list.getEntries().forEach((entry) => w.__long.push([Math.round(entry.startTime), Math.round(entry.duration)]))).observe({ type: 'longtask', buffered: true });
  });
  await cdp.send('Profiler.start');
  const start = Date.now();
  await page.goto(url);
  await ready(page);
  const shown = Date.now() - start;
  const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: Profile };
  const long = await page.evaluate(() => (window as unknown as { __long: Array<[number, number]> }).__long);
  writeFileSync(join(tmpdir(), `cita-profile-${name}.cpuprofile`), JSON.stringify(profile));
  const { total, modules, functions } = attribute(profile);
  const tbt = long.reduce((sum, [, duration]) => sum + Math.max(0, duration - 50), 0);
  console.log(`\n=== ${name}: ready after ${shown} ms (×${THROTTLE} CPU); main-thread JS ${total.toFixed(0)} ms; long tasks ${JSON.stringify(long)} (sum over 50 ms: ${tbt})`);
  console.log('self time by module:');
  console.log(modules.join('\n'));
  console.log('self time by function:');
  console.log(functions.join('\n'));
  console.log('requests:');
  console.log(requests.join('\n'));
}

const cita = await startCita('pglite', { spaDist: outDir });
const browser = await chromium.launch({ executablePath: resolveChromium({ install: true }) as string, args: ['--no-sandbox', '--disable-gpu'] });
try {
  const auth = { authorization: `Bearer ${cita.token}` };
  const user = ((await (await fetch(`${cita.baseUrl}/v1/users/${cita.userId}`, { headers: auth })).json()) as { user: unknown }).user;
  const tenants = ((await (await fetch(`${cita.baseUrl}/v1/tenants/users/${cita.userId}`, { headers: auth })).json()) as { tenants: unknown[] }).tenants;
  const session = JSON.stringify({ user, tenant: tenants[0], isAdmin: false });
  const signedIn = async (locale = 'en-US') => {
    const context = await browser.newContext({ locale });
    await context.addCookies([{ name: 'token', value: cita.token, url: cita.baseUrl }, { name: 'locale', value: locale, url: cita.baseUrl }]);
    await context.addInitScript((value) => window.localStorage.setItem('session', value), session);
    return context;
  };
  // A warm-up load (server caches, as the bench's first load).
  {
    const context = await signedIn();
    const page = await context.newPage();
    await page.goto(`${cita.baseUrl}/customers`);
    await page.getByText('10,000 customers').waitFor({ timeout: 30_000 });
    await context.close();
  }
  for (const name of PAGES) {
    const context = name === 'login' ? await browser.newContext({ locale: 'en-US' }) : await signedIn(name === 'home-es' ? 'es-ES' : 'en-US');
    const page = await context.newPage();
    if (name === 'login') await measure(page, name, `${cita.baseUrl}/login`, (p) => p.waitForFunction(() => !document.getElementById('shell') && document.querySelector('input[type=password]'), undefined, { timeout: 30_000 }));
    if (name === 'home' || name === 'home-es') await measure(page, name, `${cita.baseUrl}/`, (p) => p.waitForFunction(() => !document.getElementById('shell') && document.querySelector('nav'), undefined, { timeout: 30_000 }));
    if (name === 'customers')
      await measure(page, name, `${cita.baseUrl}/customers`, async (p) => {
        await p.getByText('10,000 customers').waitFor({ timeout: 30_000 });
        await p.getByRole('row').nth(50).waitFor();
      });
    await context.close();
  }
} finally {
  await browser.close();
  await cita.close();
}
