import { useSyncExternalStore } from 'react';

/**
 * SPEC §4: closing the subscription popup, subscribing or contacting hides it for the rest of the
 * browser session (sessionStorage: this tab, until it is closed; a reload keeps it hidden).
 */
export const POPUP_DISMISSED_KEY = 'subscriptionPopupDismissed';

const listeners = new Set<() => void>();
let memory = false;

function read(): boolean {
  try {
    return window.sessionStorage.getItem(POPUP_DISMISSED_KEY) === '1';
  } catch {
    return memory;
  }
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function dismissSubscriptionPopup(): void {
  try {
    window.sessionStorage.setItem(POPUP_DISMISSED_KEY, '1');
  } catch {
    // Storage unavailable (some private modes): an in-memory flag hides it for this page load.
    memory = true;
  }
  for (const listener of listeners) listener();
}

export function usePopupDismissed(): [dismissed: boolean, dismiss: () => void] {
  const dismissed = useSyncExternalStore(subscribe, read, () => false);
  return [dismissed, dismissSubscriptionPopup];
}
