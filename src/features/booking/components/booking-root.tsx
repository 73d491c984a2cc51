import { useCallback, useEffect, useState } from 'react';
import { IntlProvider } from 'react-intl';
import type { BookingPage } from '@generated/types.gen';
import { problemKind, type ProblemKind } from '~/lib/api-problem';
import type { AppLocale } from '~/lib/locale';
import { fetchBookingPage } from '../booking-api';
import { chooseBookingLocale, loadBookingMessages, rememberLocale } from '../booking-locale';
import { bookingPath, parseBookingPath } from '../booking-path';
import { BookingApp } from './booking-app';
import { LanguageSwitch } from './language-switch';
import { LoadProblem } from './load-problem';

type Loaded = { locale: AppLocale; messages: Record<string, string> } & ({ page: BookingPage } | { problem: ProblemKind });

const address = parseBookingPath(window.location.pathname);

/**
 * The booking page's root: reads the slug and language from the address, fetches the business's page
 * and the language's messages, then shows the booking flow (or why it cannot).
 */
export function BookingRoot() {
  const [loaded, setLoaded] = useState<Loaded | null>(null);

  const load = useCallback(async (chosen?: AppLocale) => {
    const pick = (business?: string) =>
      chosen ?? chooseBookingLocale({ ...(address?.locale ? { fromPath: address.locale } : {}), cookie: document.cookie, languages: navigator.languages, ...(business ? { business } : {}) });
    if (!address) {
      const locale = pick();
      setLoaded({ locale, messages: await loadBookingMessages(locale).catch(() => ({})), problem: 'not-found' });
      return;
    }
    // The messages of the language known before the page arrives load alongside it.
    const early = pick();
    const earlyMessages = loadBookingMessages(early).catch(() => ({}));
    try {
      const page = await fetchBookingPage(address.slug);
      const locale = pick(page.locale);
      setLoaded({ locale, messages: await (locale === early ? earlyMessages : loadBookingMessages(locale).catch(() => ({}))), page });
    } catch (error) {
      setLoaded({ locale: early, messages: await earlyMessages, problem: problemKind(error) });
    }
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  const locale = loaded?.locale;
  useEffect(() => {
    if (!locale) return;
    document.documentElement.lang = locale;
  }, [locale]);

  const switchLocale = async (next: AppLocale) => {
    if (!loaded) return;
    rememberLocale(next);
    if (address) window.history.replaceState(null, '', bookingPath(address.slug, next) + window.location.search);
    const messages = await loadBookingMessages(next).catch(() => null);
    if (messages) setLoaded({ ...loaded, locale: next, messages });
  };

  if (!loaded) return <p className="bk-loading" role="status">…</p>;
  return (
    <IntlProvider locale={loaded.locale} defaultLocale="en-US" messages={loaded.messages}>
      <div className="bk-shell">
        <LanguageSwitch current={loaded.locale} onSwitch={(next) => void switchLocale(next)} />
        {'page' in loaded ? (
          <BookingApp page={loaded.page} slug={address?.slug ?? ''} />
        ) : (
          <LoadProblem kind={loaded.problem} onRetry={() => void load(loaded.locale)} />
        )}
      </div>
    </IntlProvider>
  );
}
