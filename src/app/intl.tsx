import { useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import type { AppLocale } from '~/lib/locale';

// Each language's messages are a chunk of their own, fetched when that language is first shown:
// a first load carries one catalogue, not both. main.tsx loads the page's language before the first
// render, the locale route's beforeLoad and the language switch load the next one before it is shown.
// The source language needs none: its messages are the defaultMessages in the code (lint requires
// them, and i18n:check keeps messages/en-US.json equal to them), which react-intl shows for en-US.
type Catalog = Record<string, string>;
const loaders: Record<AppLocale, () => Promise<{ default: Catalog }>> = {
  'en-US': () => Promise.resolve({ default: {} }),
  'es-ES': () => import('../../messages/es-ES.json'),
};
const catalogs = new Map<AppLocale, Catalog>();
const pending = new Map<AppLocale, Promise<void>>();
const listeners = new Set<() => void>();

/** Fetches a language's messages once; resolves when they can be shown. */
export function loadMessages(locale: AppLocale): Promise<void> {
  if (catalogs.has(locale)) return Promise.resolve();
  let promise = pending.get(locale);
  if (!promise) {
    promise = loaders[locale]().then(
      (module) => {
        catalogs.set(locale, module.default);
        pending.delete(locale);
        listeners.forEach((listener) => listener());
      },
      (error: unknown) => {
        pending.delete(locale);
        throw error;
      },
    );
    pending.set(locale, promise);
  }
  return promise;
}

/**
 * The browser's first look-up of its locale data (react-intl's IntlProvider checks the locale with
 * Intl.NumberFormat/DateTimeFormat.supportedLocalesOf) costs some 20 ms, 80 on a phone: done in a task
 * of its own while the app's code and configuration are on their way, rather than inside the first
 * render's (already long) task.
 */
export function warmUpIntl(locale: AppLocale): void {
  setTimeout(() => {
    Intl.NumberFormat.supportedLocalesOf(locale);
    Intl.DateTimeFormat.supportedLocalesOf(locale);
  }, 0);
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export function AppIntlProvider({ locale, children }: { locale: AppLocale; children: ReactNode }) {
  const messages = useSyncExternalStore(subscribe, () => catalogs.get(locale));
  useEffect(() => {
    if (!messages) void loadMessages(locale).catch(() => undefined);
  }, [locale, messages]);
  // Until a language's messages arrive, the page stays in the language it was shown in.
  const [previous, setPrevious] = useState<{ locale: AppLocale; messages: Catalog }>();
  if (messages && previous?.messages !== messages) setPrevious({ locale, messages });
  const shown = messages ? { locale, messages } : previous;
  if (!shown) return null;
  return (
    <IntlProvider locale={shown.locale} defaultLocale="en-US" messages={shown.messages}>
      {children}
    </IntlProvider>
  );
}
