import { useSyncExternalStore } from 'react';
import type { Tenant } from '@generated/types.gen';

/**
 * The subscription popup, once closed (or once its Subscribe or Contact was used), shrinks to a badge
 * and opens by itself again only when the licence changes (issue 18; SPEC §4 hid it for the browser
 * session): localStorage keeps the licence it was closed for (`popupLicenceKey`), so a reload, another
 * tab or the next day keep the badge; a new status or end date opens it again.
 */
export const POPUP_DISMISSED_KEY = 'subscriptionPopupDismissed';

/** The licence the popup speaks of: its status and end date. */
export function popupLicenceKey(tenant: Partial<Pick<Tenant, 'licenseStatus' | 'licenseActiveUntil'>> | null | undefined): string {
  const until = tenant?.licenseActiveUntil;
  const end = until ? [until.year, until.month, until.day, until.hours, until.minutes].join('-') : 'none';
  return `${tenant?.licenseStatus ?? 'none'}|${end}`;
}

const listeners = new Set<() => void>();
let memory: string | null = null;

function read(): string | null {
  try {
    return window.localStorage.getItem(POPUP_DISMISSED_KEY);
  } catch {
    return memory;
  }
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function dismissSubscriptionPopup(licenceKey: string): void {
  try {
    window.localStorage.setItem(POPUP_DISMISSED_KEY, licenceKey);
  } catch {
    // Storage unavailable (some private modes): an in-memory flag keeps it a badge for this page load.
    memory = licenceKey;
  }
  for (const listener of listeners) listener();
}

/** Whether the popup was closed for this licence, and the function that closes it (a badge remains). */
export function usePopupDismissed(licenceKey: string): [dismissed: boolean, dismiss: () => void] {
  const stored = useSyncExternalStore(subscribe, read, () => null);
  return [stored === licenceKey, () => dismissSubscriptionPopup(licenceKey)];
}

/** Opens the popup again from its badge (the user asked): forgets the closing. */
export function reopenSubscriptionPopup(): void {
  try {
    window.localStorage.removeItem(POPUP_DISMISSED_KEY);
  } catch {
    // nothing kept
  }
  memory = null;
  for (const listener of listeners) listener();
}
