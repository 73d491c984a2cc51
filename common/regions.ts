/**
 * A business's country and what follows from it (issue 18, "set up right"): the currency it charges
 * in, the tax on its prices and that tax's name, the order dates are written in and the phone dial
 * code offered first. Shared by the onboarding screens (the defaults they propose) and the server
 * (the defaults of a business created with a country and nothing else).
 *
 * Only countries whose currency Cita supports (server/catalog.ts CURRENCIES) are listed. Spain charges
 * IVA at 21 %; the United States charge a sales tax whose rate depends on the state and city, so the
 * owner enters it (rate null); elsewhere no tax is assumed until the owner sets one in the settings.
 */

export type DateOrder = 'DMY' | 'MDY' | 'YMD';

export interface RegionDefaults {
  /** ISO 3166-1 alpha-2. */
  country: string;
  /** ISO 4217 code of the currency. */
  currency: string;
  /** The tax on prices: its usual name in the business's language and its rate (percent); null rate = the owner enters it. Null = none. */
  tax: { name: { en: string; es: string }; rate: number | null } | null;
  dateOrder: DateOrder;
  /** International dial code offered first in phone fields. */
  dialCode: string;
}

type Row = [country: string, currency: string, dateOrder: DateOrder, dialCode: string];

const ROWS: Row[] = [
  ['ES', 'EUR', 'DMY', '+34'],
  ['US', 'USD', 'MDY', '+1'],
  ['GB', 'GBP', 'DMY', '+44'],
  ['IE', 'EUR', 'DMY', '+353'],
  ['PT', 'EUR', 'DMY', '+351'],
  ['FR', 'EUR', 'DMY', '+33'],
  ['DE', 'EUR', 'DMY', '+49'],
  ['IT', 'EUR', 'DMY', '+39'],
  ['NL', 'EUR', 'DMY', '+31'],
  ['BE', 'EUR', 'DMY', '+32'],
  ['AT', 'EUR', 'DMY', '+43'],
  ['AD', 'EUR', 'DMY', '+376'],
  ['CH', 'CHF', 'DMY', '+41'],
  ['MX', 'MXN', 'DMY', '+52'],
  ['AR', 'ARS', 'DMY', '+54'],
  ['CO', 'COP', 'DMY', '+57'],
  ['CL', 'CLP', 'DMY', '+56'],
  ['PE', 'PEN', 'DMY', '+51'],
  ['JP', 'JPY', 'YMD', '+81'],
];

const TAXES: Record<string, RegionDefaults['tax']> = {
  ES: { name: { en: 'IVA', es: 'IVA' }, rate: 21 },
  US: { name: { en: 'Sales tax', es: 'Impuesto sobre las ventas' }, rate: null },
};

export const REGIONS: readonly RegionDefaults[] = ROWS.map(([country, currency, dateOrder, dialCode]) => ({
  country,
  currency,
  tax: TAXES[country] ?? null,
  dateOrder,
  dialCode,
}));

/** The country Cita assumes when nothing else is known (the product's first market, SPEC §3). */
export const DEFAULT_COUNTRY = 'ES';

export const findRegion = (country: string | null | undefined): RegionDefaults | undefined =>
  REGIONS.find((region) => region.country === (country ?? '').toUpperCase());

/** The tax name in a language ('en-US', 'es-ES'), or undefined when the country assumes no tax. */
export function taxNameOf(region: RegionDefaults | undefined, language: string): string | undefined {
  if (!region?.tax) return undefined;
  return language.toLowerCase().startsWith('es') ? region.tax.name.es : region.tax.name.en;
}

/**
 * The time zones that name a supported country (the IANA zone.tab rows of these countries, main
 * zones only). The browser's zone says where a business is better than its language does: an
 * English-speaking browser in Madrid is in Spain.
 */
const ZONES: Record<string, string> = {
  'Europe/Madrid': 'ES', 'Atlantic/Canary': 'ES', 'Africa/Ceuta': 'ES',
  'America/New_York': 'US', 'America/Chicago': 'US', 'America/Denver': 'US', 'America/Los_Angeles': 'US',
  'America/Phoenix': 'US', 'America/Anchorage': 'US', 'Pacific/Honolulu': 'US', 'America/Detroit': 'US',
  'America/Boise': 'US', 'America/Indiana/Indianapolis': 'US', 'America/Kentucky/Louisville': 'US', 'America/Juneau': 'US',
  'America/Adak': 'US', 'America/Menominee': 'US', 'America/Nome': 'US', 'America/Sitka': 'US',
  'America/North_Dakota/Center': 'US', 'America/Indiana/Knox': 'US',
  'Europe/London': 'GB', 'Europe/Dublin': 'IE', 'Europe/Lisbon': 'PT', 'Atlantic/Madeira': 'PT', 'Atlantic/Azores': 'PT',
  'Europe/Paris': 'FR', 'Europe/Berlin': 'DE', 'Europe/Rome': 'IT', 'Europe/Amsterdam': 'NL', 'Europe/Brussels': 'BE',
  'Europe/Vienna': 'AT', 'Europe/Andorra': 'AD', 'Europe/Zurich': 'CH',
  'America/Mexico_City': 'MX', 'America/Cancun': 'MX', 'America/Monterrey': 'MX', 'America/Tijuana': 'MX',
  'America/Merida': 'MX', 'America/Chihuahua': 'MX', 'America/Hermosillo': 'MX', 'America/Mazatlan': 'MX',
  'America/Argentina/Buenos_Aires': 'AR', 'America/Buenos_Aires': 'AR', 'America/Argentina/Cordoba': 'AR',
  'America/Bogota': 'CO', 'America/Santiago': 'CL', 'America/Lima': 'PE', 'Asia/Tokyo': 'JP',
};

/**
 * The country of a browser: its time zone's, else the region of its first language when Cita knows
 * that country, else the default (Spain). `languages` are BCP 47 tags ('en-US'); a language alone
 * ('en') names no country. UTC (servers, test browsers) names no country either.
 */
export function detectCountry(timeZone: string | null | undefined, languages: readonly string[] = []): string {
  const byZone = timeZone ? ZONES[timeZone] : undefined;
  if (byZone) return byZone;
  if (timeZone && timeZone !== 'UTC' && timeZone !== 'Etc/UTC') {
    for (const tag of languages) {
      const region = /^[a-z]{2,3}-([A-Z]{2})\b/i.exec(tag)?.[1]?.toUpperCase();
      if (region && findRegion(region)) return region;
    }
  }
  return DEFAULT_COUNTRY;
}

/** Whether a business in `country` shows prices with tax included: false in the United States (sales tax added at the till), true elsewhere. */
export function pricesIncludeTaxIn(country: string | null | undefined): boolean {
  return (country ?? '').toUpperCase() !== 'US';
}

/** What a business in `country` starts with: currency, tax rate (0 when none or not yet entered) and tax name. */
export function regionDefaults(country: string | null | undefined, language: string) {
  const region = findRegion(country) ?? findRegion(DEFAULT_COUNTRY)!;
  return {
    country: region.country,
    currency: region.currency,
    taxPercentage: region.tax?.rate ?? 0,
    taxName: taxNameOf(region, language),
    /** Whether prices include tax: a US till adds sales tax on top of the price (issue 17); elsewhere prices include it. */
    pricesIncludeTax: pricesIncludeTaxIn(region.country),
    /** The owner must enter the rate (US sales tax). */
    taxRateEntered: region.tax !== null && region.tax.rate === null,
    dateOrder: region.dateOrder,
    dialCode: region.dialCode,
  };
}
