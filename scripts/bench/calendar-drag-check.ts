// Dragging an appointment from the first member column to the second in the bench harness (not part of
// `npm run bench`): prints where it landed (the second member, when FullCalendar's drop between
// calendars works). node --import tsx scripts/bench/calendar-drag-check.ts
import { join } from 'node:path';
import { rmSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { resolveChromium } from '../browser.mjs';
import { buildHarness, serve } from './calendar.ts';
const dir = await buildHarness();
const server = await serve(join(dir, 'dist'));
const browser = await chromium.launch({ executablePath: resolveChromium() as string, args: ['--no-sandbox', '--disable-gpu'] });
try {
  const page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
  await page.goto(`${server.url}/?calendar=columns&events=30`);
  await page.waitForFunction(() => typeof window.benchRender === 'function');
  await page.evaluate(() => window.benchRender());
  const columns = page.getByTestId('member-column');
  const source = columns.first().getByTestId('appointment-event').first();
  await source.scrollIntoViewIfNeeded();
  const sourceBox = (await source.boundingBox())!;
  const targetBox = (await columns.nth(1).boundingBox())!;
  await page.mouse.move(sourceBox.x + sourceBox.width / 2, sourceBox.y + 6);
  await page.mouse.down();
  await page.mouse.move(sourceBox.x + sourceBox.width / 2 + 20, sourceBox.y + 6, { steps: 5 });
  await page.mouse.move(targetBox.x + targetBox.width / 2, sourceBox.y + 6, { steps: 15 });
  await page.mouse.up();
  await page.waitForTimeout(500);
  console.log('landed', await page.evaluate(() => window.lastChange));
} finally {
  await browser.close();
  server.close();
  rmSync(dir, { recursive: true, force: true });
}
