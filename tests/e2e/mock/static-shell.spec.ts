import type { Page } from '@playwright/test';
import { expect, test } from '../csp';
import { exampleTenant, exampleUser, MOCK_TEXT, type MockLocale } from './signed-in';

// index.html's static shell (scripts/static-shell.ts) paints /login and the signed-in home before the
// app's JavaScript has arrived: in the page's language, where the app will then draw the same text
// (else the first paint jumps, and the largest paint waits for the app again), and gone once the app
// has rendered.

/** Where the page's main texts are: the shell's (the app's JavaScript held back) or the app's. */
async function textBoxes(page: Page, where: '#shell' | '#root') {
  return page.locator(`${where} h1, ${where} h2, ${where} p`).evaluateAll((elements) =>
    elements
      // The page's own texts, not the subscription popup a beta tester's business adds on a wide screen.
      .filter((element) => element.getBoundingClientRect().width > 0 && !element.closest('[role="dialog"]'))
      .map((element) => {
        const box = element.getBoundingClientRect();
        const text = [...element.querySelectorAll('span[lang]')].filter((span) => span.getBoundingClientRect().width > 0).map((span) => span.textContent);
        return { text: text.length > 0 ? text.join('') : element.textContent, box: [box.x, box.y, box.width, box.height].map(Math.round) };
      }),
  );
}

/**
 * `prefix`: the shell paints the page's first texts where the app draws them, and the app adds what
 * only data can tell below them (the home's dashboard), so nothing the shell painted moves.
 */
async function compare(page: Page, path: string, heading: string, prefix = false) {
  await page.route(/\/assets\/main-[^/]*\.js$/, (route) => route.abort());
  await page.goto(path);
  const shell = await textBoxes(page, '#shell');
  expect(shell.map((item) => item.text)).toContain(heading);
  await page.unroute(/\/assets\/main-[^/]*\.js$/);
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  await expect(page.locator('#shell')).toHaveCount(0);
  const app = await textBoxes(page, '#root');
  expect(prefix ? app.slice(0, shell.length) : app).toEqual(shell);
}

for (const locale of ['en-US', 'es-ES'] as MockLocale[]) {
  const t = MOCK_TEXT[locale];

  test(`the shell of /login is the page's first screen (${locale})`, async ({ page }) => {
    await compare(page, `${t.prefix}/login`, t.loginTitle);
  });

  test(`the shell of the signed-in home is the page's first screen (${locale})`, async ({ page, context, baseURL }) => {
    await context.addCookies([{ name: 'token', value: 'mock-session-token', url: baseURL! }]);
    await context.addInitScript(
      ([user, tenant]) => window.localStorage.setItem('session', JSON.stringify({ user, tenant, isAdmin: false })),
      [exampleUser, exampleTenant],
    );
    await compare(page, `${t.prefix}/`, t.home, true);
  });
}

test('an unprefixed address shows the shell in the language the app will choose (the kept choice)', async ({ page, context, baseURL }) => {
  await context.addCookies([{ name: 'locale', value: 'es-ES', url: baseURL! }]);
  await page.route(/\/assets\/main-[^/]*\.js$/, (route) => route.abort());
  await page.goto('/login');
  expect((await textBoxes(page, '#shell')).map((item) => item.text)).toContain(MOCK_TEXT['es-ES'].loginTitle);
});
