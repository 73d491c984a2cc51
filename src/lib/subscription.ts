import { SUBSCRIPTION_DEFAULT_CURRENCY } from './money.ts';
import { NARROW_WINDOW_PX } from './layout.ts';
import { LICENSE_STATUS_BETA_TESTER } from './license.ts';
import { isUnderPath } from './paths.ts';
import { normalizePhoneDigits } from './phone.ts';

/** Subscription popup, payment link and contact link (SPEC §1, §4, §7). */

/** Paths (and their sub-paths, with or without /es-ES) where the subscription popup never shows. */
export const POPUP_HIDDEN_PATHS = [
  '/login',
  '/register',
  '/business/auto-register',
  '/cancel-appointments',
  '/onboarding/opening-hours',
] as const;

export interface SubscribeParams {
  email?: string | null;
  language?: string | null;
  currency?: string | null;
}

/**
 * The plan's payment link with prefilled_email, locale (first two letters of the language) and
 * currency (default USD) set; other query parameters are kept. null when the link is missing or invalid.
 */
export function subscribeUrl(paymentLink: string | null | undefined, params: SubscribeParams = {}): string | null {
  let url: URL;
  try {
    url = new URL(paymentLink ?? '');
  } catch {
    return null;
  }
  if (params.email) url.searchParams.set('prefilled_email', params.email);
  const locale = params.language?.trim().slice(0, 2).toLowerCase();
  if (locale) url.searchParams.set('locale', locale);
  url.searchParams.set('currency', params.currency || SUBSCRIPTION_DEFAULT_CURRENCY);
  return url.toString();
}

/** A WhatsApp chat with the support phone and a prefilled (already translated) text; null without a phone. */
export function contactUrl(supportPhone: string | null | undefined, text: string): string | null {
  const digits = normalizePhoneDigits(supportPhone).replace(/^0+/, '');
  if (!digits) return null;
  return `https://wa.me/${digits}?text=${encodeURIComponent(text)}`;
}

export interface PopupContext {
  licenseStatus?: string | null;
  pathname: string;
  windowWidth: number;
}

/** Beta-tester licence, not on a hidden path, window wider than 800 px. */
export function subscriptionPopupVisible({ licenseStatus, pathname, windowWidth }: PopupContext): boolean {
  return (
    licenseStatus === LICENSE_STATUS_BETA_TESTER &&
    !POPUP_HIDDEN_PATHS.some((path) => isUnderPath(pathname, path)) &&
    windowWidth > NARROW_WINDOW_PX
  );
}
