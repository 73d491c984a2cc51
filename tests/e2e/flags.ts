import { expect, type Page } from '@playwright/test';

/**
 * The phone input shows the country's flag as an image served from /flags/<version>/ (scripts/vite-flags.ts)
 * that actually loaded (not an emoji, not a broken image).
 */
export async function expectCountryFlag(page: Page, code: string) {
  const flag = page.locator(`img[data-flag="${code}"]`).first();
  await expect(flag).toHaveAttribute('src', new RegExp(`/flags/[\\d.]+/${code}\\.svg$`));
  await expect(flag).toHaveAttribute('alt', '');
  await expect.poll(() => flag.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
}
