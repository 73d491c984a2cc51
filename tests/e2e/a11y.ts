import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * Accessibility gate shared by the mock and stack specs: axe-core on every route of SPEC §2 that exists,
 * in both languages, failing on any serious or critical violation.
 *
 * To cover a new screen, add its path (unprefixed, en-US) to the list it belongs to; the specs open it
 * in both languages:
 * - PUBLIC_ROUTES: no session needed (tests/e2e/mock/a11y.spec.ts);
 * - SIGNED_IN_ROUTES: an owner with a business (tests/e2e/stack/a11y.spec.ts on the real stack, and
 *   tests/e2e/mock/a11y.spec.ts with the contract's examples). Paths with ids: use the contract's
 *   example id in MOCK_ONLY_ROUTES, or create the object in the stack spec.
 */
export const PUBLIC_ROUTES: readonly string[] = ['/login', '/register', '/login/forgot-password', '/login/sso', '/business/auto-register', '/cancel-appointments'];
export const SIGNED_IN_ROUTES: readonly string[] = [
  '/',
  '/settings',
  '/profile',
  '/support',
  '/license-expiration',
  '/services',
  '/services/create',
  '/payment-methods',
  '/payment-methods/create',
  '/inventory',
  '/inventory/create',
  '/customers',
  '/customers/create',
  '/customer-tags',
  '/customer-tags/create',
  '/appointments-distinctions',
  '/appointments-distinctions/create',
  '/appointments/schedule',
  '/sales',
  '/sales/new',
  '/sales/cash-up',
  '/invoices',
  '/invoices/create',
  '/invoices/settings',
  '/expenses',
  '/expenses/create',
  '/reports',
  '/statistics',
  '/team',
  '/team/create',
  '/qrs',
  '/qrs/create',
  '/portfolio',
];
/** Signed-in routes that need the contract's example data (ids), checked in mock mode only. */
// Not yet: '/customers/{id}' (its tag badges in custom colours, 3:1); its appointment history is
// checked on its own in tests/e2e/mock/customer-history.spec.ts.
export const MOCK_ONLY_ROUTES: readonly string[] = ['/appointments-distinctions/2f4a6c8e-0b2d-4e6f-8a0c-2e4f6a8b0c2d'];

export const A11Y_LOCALES = [
  { locale: 'en-US', prefix: '' },
  { locale: 'es-ES', prefix: '/es-ES' },
] as const;

/** '/settings' in es-ES → '/es-ES/settings'; '/' → '/es-ES'. */
export const localized = (prefix: string, path: string) => (prefix && path === '/' ? prefix : `${prefix}${path}`);

const FAILING_IMPACTS = new Set(['serious', 'critical']);

/** Waits for the page to settle: a level-1 heading, no loader, no request in flight. */
export async function settle(page: Page) {
  // Long pages (settings) take more than the default 10 s to draw on a loaded 2-core machine.
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('.mantine-Loader-root')).toHaveCount(0, { timeout: 30_000 });
  await page.waitForLoadState('networkidle');
}

/** The signed-in pages' frame (src/app/layouts/dashboard-layout.tsx): the header and the sidebar. */
const SHELL_SELECTORS = ['.mantine-AppShell-header', '.mantine-AppShell-navbar'];

/**
 * Runs axe on the current page and fails listing every serious or critical violation with its nodes.
 * `shell: false` leaves out the signed-in pages' header and sidebar, the same on every page (only the
 * current item differs, in style only): a walk checks them on its first page, each page's own content
 * on every page (axe takes about a second a page, a quarter of it in the frame).
 */
export async function expectNoSeriousViolations(page: Page, label = page.url(), { shell = true }: { shell?: boolean } = {}) {
  // Every rule axe runs by default (WCAG 2.x A/AA and best practices), plus label-content-name-mismatch
  // (WCAG 2.5.3, still marked experimental in axe 4).
  let axe = new AxeBuilder({ page }).options({ rules: { 'label-content-name-mismatch': { enabled: true } } });
  if (!shell) for (const selector of SHELL_SELECTORS) axe = axe.exclude(selector);
  const results = await axe.analyze();
  const serious = results.violations.filter((violation) => FAILING_IMPACTS.has(violation.impact ?? ''));
  const report = serious.map(
    (violation) =>
      `${violation.id} (${violation.impact}, ${violation.nodes.length} node${violation.nodes.length === 1 ? '' : 's'}): ${violation.help}\n` +
      violation.nodes
        .slice(0, 8)
        .map((node) => `    ${node.target.join(' ')}: ${(node.failureSummary ?? '').split('\n').slice(1).join(' ').trim()}`)
        .join('\n'),
  );
  expect(report, `serious or critical accessibility violations on ${label}`).toEqual([]);
}

/**
 * Words of the English interface that a Spanish screen never needs (issue 18: "an i18n check that walks
 * the rendered Spanish screens for English words"). Words both languages write (total, error, online,
 * no, stock) and names (Cita, QR, CSV, PDF, IBAN, NIF, VERI*FACTU, Wi-Fi, Google Calendar) are not in it.
 */
const ENGLISH_ONLY = new Set(
  (
    'the and your you with for from save cancel delete edit new add search loading home settings customer customers service services ' +
    'appointment appointments sale sales invoice invoices expense expenses report reports statistics team all any show hide more less ' +
    'back next previous today week month day close sign profile support help create update remove member members owner ' +
    'payment payments method methods price duration description name phone notifications language account business hours working ' +
    'time booking upcoming pending confirmed cancelled amount download upload photo photos before after consent caption filter clear ' +
    'choose select date start end status role invite timed of to by on at is are this that not yet there here what when who which how ' +
    'first last please nothing found empty tags tag inventory products product scan receipt supplier'
  ).split(' '),
);

/**
 * Fails listing the English words on a Spanish page: its visible text and the names a screen reader
 * reads (aria-label, placeholder, title, alt). E-mail addresses and URLs are left out (data, not interface).
 */
export async function expectNoEnglish(page: Page, label = page.url()) {
  const texts = await page.evaluate(() => {
    const found = [document.body.innerText];
    for (const element of document.querySelectorAll('[aria-label], [placeholder], [title], img[alt]')) {
      for (const name of ['aria-label', 'placeholder', 'title', 'alt']) {
        const value = element.getAttribute(name);
        if (value) found.push(value);
      }
    }
    return found;
  });
  const english = new Map<string, string>();
  for (const text of texts) {
    const cleaned = text.replace(/\S+@\S+/g, ' ').replace(/https?:\/\/\S+/g, ' ');
    for (const line of cleaned.split('\n')) {
      for (const word of line.split(/[^\p{L}]+/u)) {
        if (ENGLISH_ONLY.has(word.toLowerCase()) && !english.has(word.toLowerCase())) english.set(word.toLowerCase(), line.trim().slice(0, 120));
      }
    }
  }
  // Soft: a walk reports every page's English words at once.
  expect.soft([...english].map(([word, line]) => `"${word}" in "${line}"`), `English words on the Spanish page ${label}`).toEqual([]);
}
