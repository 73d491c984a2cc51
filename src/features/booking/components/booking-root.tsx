import { useState } from 'react';
import { IntlProvider } from 'react-intl';
import type { BookingPage } from '@generated/types.gen';
import { problemKind, type ProblemKind } from '~/lib/api-problem';
import { bookingPath, parseBookingPath } from '~/lib/booking-path';
import type { AppLocale } from '~/lib/locale';
import { fetchBookingPage } from '../booking-api';
import { chooseBookingLocale, loadBookingMessages, rememberLocale } from '../booking-locale';
import { BookingApp } from './booking-app';
import { LanguageSwitch } from './language-switch';
import { LoadProblem } from './load-problem';

export type Loaded = { locale: AppLocale; messages: Record<string, string> } & ({ page: BookingPage } | { problem: ProblemKind });

const address = parseBookingPath(window.location.pathname);

/**
 * Reads the slug and language from the address, then fetches the business's page and the language's
 * messages (side by side when the language is known before the page). Never throws.
 */
export async function loadBooking(chosen?: AppLocale): Promise<Loaded> {
  const pick = (business?: string) =>
    chosen ?? chooseBookingLocale({ ...(address?.locale ? { fromPath: address.locale } : {}), cookie: document.cookie, languages: navigator.languages, ...(business ? { business } : {}) });
  const early = pick();
  const earlyMessages = loadBookingMessages(early).catch(() => ({}));
  if (!address) return { locale: early, messages: await earlyMessages, problem: 'not-found' };
  try {
    const page = await fetchBookingPage(address.slug);
    const locale = pick(page.locale);
    return { locale, messages: await (locale === early ? earlyMessages : loadBookingMessages(locale).catch(() => ({}))), page };
  } catch (error) {
    return { locale: early, messages: await earlyMessages, problem: problemKind(error) };
  }
}

/** The booking page: the language switch, then the booking flow (or why it cannot be shown). */
export function BookingRoot({ initial }: { initial: Loaded }) {
  const [loaded, setLoaded] = useState<Loaded>(initial);

  const show = (next: Loaded) => {
    document.documentElement.lang = next.locale;
    setLoaded(next);
  };
  const switchLocale = async (next: AppLocale) => {
    rememberLocale(next);
    if (address) window.history.replaceState(null, '', bookingPath(address.slug, next) + window.location.search);
    const messages = await loadBookingMessages(next).catch(() => null);
    if (messages) show({ ...loaded, locale: next, messages });
  };

  return (
    <IntlProvider locale={loaded.locale} defaultLocale="en-US" messages={loaded.messages}>
      <div className="bk-shell">
        <LanguageSwitch current={loaded.locale} onSwitch={(next) => void switchLocale(next)} />
        {'page' in loaded ? (
          <BookingApp page={loaded.page} slug={address?.slug ?? ''} />
        ) : (
          <LoadProblem kind={loaded.problem} onRetry={() => void loadBooking(loaded.locale).then(show)} />
        )}
      </div>
    </IntlProvider>
  );
}
