// Where the calendar bench's time goes (not part of `npm run bench`): renders each harness page
// (bare FullCalendar, ours) a few times and records a Chromium trace of the last run; prints the
// main thread's time by event (scripting, style, layout, paint, HTML parsing) and writes the trace
// and a JS CPU profile to bench/ (open them in Chrome DevTools).
//   BENCH_CALENDAR_MINIFY=0 node --import tsx scripts/bench/calendar-profile.ts
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { resolveChromium } from '../browser.mjs';
import { buildHarness, serve } from './calendar.ts';

const EVENTS = Number(process.env.EVENTS ?? 1000);
const dir = await buildHarness();
const server = await serve(join(dir, 'dist'));
const browser = await chromium.launch({ executablePath: resolveChromium() as string, args: ['--no-sandbox', '--disable-gpu'] });
mkdirSync('bench', { recursive: true });
interface TraceEvent { name: string; ph: string; dur?: number; tid: number; pid: number; ts: number; args?: { data?: { frame?: string } } }
try {
  for (const which of ['bare', 'ours'] as const) {
    for (let run = 0; run < 3; run++) {
      const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
      await page.goto(`${server.url}/?calendar=${which}&events=${EVENTS}`);
      await page.waitForFunction(() => typeof window.benchRender === 'function');
      const last = run === 2;
      const cdp = await page.context().newCDPSession(page);
      if (last) {
        await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'blink'] });
        await cdp.send('Profiler.enable');
        await cdp.send('Profiler.start');
      }
      const ms = await page.evaluate(() => window.benchRender());
      console.log(`${which} run ${run}: ${Math.round(ms)} ms`);
      if (last) {
        const { profile } = await cdp.send('Profiler.stop');
        writeFileSync(`bench/calendar-${which}.cpuprofile`, JSON.stringify(profile));
        const trace = JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] };
        writeFileSync(`bench/calendar-${which}.trace.json`, JSON.stringify(trace));
        // The renderer's main thread: the thread that ran the most "FunctionCall"/"EvaluateScript" time.
        const byThread = new Map<string, number>();
        for (const event of trace.traceEvents) if (event.name === 'RunTask' && event.dur) byThread.set(`${event.pid}:${event.tid}`, (byThread.get(`${event.pid}:${event.tid}`) ?? 0) + event.dur);
        const main = [...byThread.entries()].sort((a, b) => b[1] - a[1])[0]![0];
        const totals = new Map<string, number>();
        for (const event of trace.traceEvents) {
          if (`${event.pid}:${event.tid}` !== main || !event.dur) continue;
          if (['UpdateLayoutTree', 'Layout', 'Paint', 'PrePaint', 'Layerize', 'ParseHTML', 'FunctionCall', 'RunTask', 'v8.callFunction', 'Commit', 'HitTest', 'IntersectionObserverController::computeIntersections', 'ScheduleStyleRecalculation', 'MajorGC', 'MinorGC', 'V8.GC_SCAVENGER', 'V8.GC_MARK_COMPACTOR', 'UpdateLayerTree', 'RecalculateStyles'].includes(event.name))
            totals.set(event.name, (totals.get(event.name) ?? 0) + event.dur / 1000);
        }
        console.table(Object.fromEntries([...totals.entries()].sort((a, b) => b[1] - a[1]).map(([name, ms]) => [name, Math.round(ms)])));
      }
      await page.close();
    }
  }
} finally {
  await browser.close();
  server.close();
  rmSync(dir, { recursive: true, force: true });
}
