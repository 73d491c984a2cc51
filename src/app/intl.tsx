import type { ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import enUS from '../../messages/en-US.json';
import esES from '../../messages/es-ES.json';
import type { AppLocale } from '~/lib/locale';

const catalogs: Record<AppLocale, Record<string, string>> = { 'en-US': enUS, 'es-ES': esES };

export function AppIntlProvider({ locale, children }: { locale: AppLocale; children: ReactNode }) {
  return (
    <IntlProvider locale={locale} defaultLocale="en-US" messages={catalogs[locale]}>
      {children}
    </IntlProvider>
  );
}
