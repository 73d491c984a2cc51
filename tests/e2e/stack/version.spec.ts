import { expect, test } from '@playwright/test';
import { TEXT } from './fixtures';

// The new-version banner and the chunk-load reload (SPEC §4, §8; issue 19), on the built SPA the
// stack serves. "Another build" is the server's builds/latest.json naming another id than the one
// running, which is what a deploy does; a deploy's missing chunk is a chunk request that fails.
const BANNER = { 'en-US': ['A new version of Cita is available.', 'Reload'], 'es-ES': ['Hay una nueva versión de Cita disponible.', 'Recargar'] } as const;

for (const locale of ['en-US', 'es-ES'] as const) {
  const t = TEXT[locale];

  test(`a new build shows the banner, which reloads (${locale})`, async ({ page }) => {
    await page.clock.install();
    await page.goto(`${t.prefix}/login`);
    await expect(page.getByRole('heading', { name: t.loginTitle })).toBeVisible();
    const [text, reload] = BANNER[locale];
    const banner = page.getByRole('status').filter({ hasText: text });
    // Same build: nothing after a check.
    await page.clock.runFor(5 * 60_000 + 1_000);
    await expect(banner).toHaveCount(0);
    // Another build deployed: the next periodic check shows the banner.
    await page.route('**/builds/latest.json', (route) => route.fulfill({ json: { id: 'a-build-deployed-later' } }));
    await page.clock.runFor(5 * 60_000 + 1_000);
    await expect(banner).toBeVisible();
    await page.unroute('**/builds/latest.json');
    await Promise.all([page.waitForEvent('load'), banner.getByRole('button', { name: reload }).click()]);
    await expect(page.getByRole('heading', { name: t.loginTitle })).toBeVisible();
    await expect(banner).toHaveCount(0);
  });

  test(`a chunk that fails to load reloads to the address being opened (${locale})`, async ({ page }) => {
    await page.goto(`${t.prefix}/login`);
    await expect(page.getByRole('heading', { name: t.loginTitle })).toBeVisible();
    let failed = 0;
    await page.route('**/assets/*.js', (route) => {
      if (failed === 0) {
        failed++;
        return route.abort();
      }
      return route.continue();
    });
    // A navigation the router makes (no hover: nothing is preloaded before it).
    await Promise.all([
      page.waitForEvent('load'),
      page.evaluate((path) => {
        window.history.pushState({}, '', path);
        window.dispatchEvent(new PopStateEvent('popstate'));
      }, `${t.prefix}/register`),
    ]);
    expect(failed).toBe(1);
    await expect(page).toHaveURL(new RegExp(`${t.prefix}/register$`));
    await expect(page.getByRole('heading', { name: t.registerTitle })).toBeVisible();
  });
}
