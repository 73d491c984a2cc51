// A screenshot of a harness page (not part of `npm run bench`): node --import tsx scripts/bench/calendar-look.ts columns 60 → bench/calendar-columns.png
import { join } from 'node:path';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { resolveChromium } from '../browser.mjs';
import { buildHarness, serve } from './calendar.ts';

const which = process.argv[2] ?? 'columns';
const events = Number(process.argv[3] ?? 60);
const dir = await buildHarness();
const server = await serve(join(dir, 'dist'));
const browser = await chromium.launch({ executablePath: resolveChromium() as string, args: ['--no-sandbox', '--disable-gpu'] });
try {
  const page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
  await page.goto(`${server.url}/?calendar=${which}&events=${events}`);
  await page.waitForFunction(() => typeof window.benchRender === 'function');
  await page.evaluate(() => window.benchRender());
  mkdirSync('bench', { recursive: true });
  await page.screenshot({ path: `bench/calendar-${which}.png` });
  writeFileSync(`bench/calendar-${which}.html`, await page.content());
} finally {
  await browser.close();
  server.close();
  rmSync(dir, { recursive: true, force: true });
}
