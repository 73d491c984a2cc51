import { expect, test as base, type BrowserContext } from '@playwright/test';

/**
 * Fails a test on any Content Security Policy violation: a `securitypolicyviolation` listener in every
 * page (added before the app's scripts run) reports to the test, and so does any console message
 * about the Content Security Policy (e.g. a blocked inline script or connection).
 */
const REPORT = '__citaCspViolation';

export async function watchCspViolations(context: BrowserContext): Promise<string[]> {
  const violations: string[] = [];
  await context.exposeBinding(REPORT, (_source, text: string) => void violations.push(text));
  await context.addInitScript((name) => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as Record<string, (text: string) => void>)[name];
      report?.(`${event.violatedDirective} blocked ${event.blockedURI || 'inline'} at ${event.sourceFile || document.location.href}:${event.lineNumber}`);
    });
  }, REPORT);
  context.on('console', (message) => {
    if (/content security policy/i.test(message.text())) violations.push(`console: ${message.text()}`);
  });
  return violations;
}

/** `test` with the CSP watch on: use it (or extend it) in a spec to fail on any violation. */
export const test = base.extend<{ cspViolations: string[] }>({
  cspViolations: [
    async ({ context }, use) => {
      const violations = await watchCspViolations(context);
      await use(violations);
      expect(violations, 'Content Security Policy violations').toEqual([]);
    },
    { auto: true },
  ],
});
export { expect };
