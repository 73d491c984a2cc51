/**
 * ISO 4217 minor-unit exponents: an amount of `minor` in a currency is minor × 10^-exponent of it
 * (EUR 2: 1999 is 19.99; JPY 0: 1000 is ¥1000; KWD 3: 1500 is 1.500 KD).
 *
 * Every active ISO 4217 code is listed (list one of 2025), so that a currency the product adds later
 * already has its exponent. The exponents are ISO's, even where everyday use differs (HUF and IDR
 * keep 2 decimals here as in ISO; ISK, JPY and KRW have none).
 */

const ZERO_DECIMALS = ['BIF', 'CLP', 'DJF', 'GNF', 'ISK', 'JPY', 'KMF', 'KRW', 'PYG', 'RWF', 'UGX', 'UYI', 'VND', 'VUV', 'XAF', 'XOF', 'XPF'];
const THREE_DECIMALS = ['BHD', 'IQD', 'JOD', 'KWD', 'LYD', 'OMR', 'TND'];
const FOUR_DECIMALS = ['CLF', 'UYW'];
const TWO_DECIMALS = [
  'AED', 'AFN', 'ALL', 'AMD', 'ANG', 'AOA', 'ARS', 'AUD', 'AWG', 'AZN', 'BAM', 'BBD', 'BDT', 'BGN', 'BMD', 'BND', 'BOB', 'BOV',
  'BRL', 'BSD', 'BTN', 'BWP', 'BYN', 'BZD', 'CAD', 'CDF', 'CHE', 'CHF', 'CHW', 'CNY', 'COP', 'COU', 'CRC', 'CUP', 'CVE', 'CZK',
  'DKK', 'DOP', 'DZD', 'EGP', 'ERN', 'ETB', 'EUR', 'FJD', 'FKP', 'GBP', 'GEL', 'GHS', 'GIP', 'GMD', 'GTQ', 'GYD', 'HKD', 'HNL',
  'HTG', 'HUF', 'IDR', 'ILS', 'INR', 'IRR', 'JMD', 'KES', 'KGS', 'KHR', 'KPW', 'KYD', 'KZT', 'LAK', 'LBP', 'LKR', 'LRD', 'LSL',
  'MAD', 'MDL', 'MGA', 'MKD', 'MMK', 'MNT', 'MOP', 'MRU', 'MUR', 'MVR', 'MWK', 'MXN', 'MXV', 'MYR', 'MZN', 'NAD', 'NGN', 'NIO',
  'NOK', 'NPR', 'NZD', 'PAB', 'PEN', 'PGK', 'PHP', 'PKR', 'PLN', 'QAR', 'RON', 'RSD', 'RUB', 'SAR', 'SBD', 'SCR', 'SDG', 'SEK',
  'SGD', 'SHP', 'SLE', 'SOS', 'SRD', 'SSP', 'STN', 'SVC', 'SYP', 'SZL', 'THB', 'TJS', 'TMT', 'TOP', 'TRY', 'TTD', 'TWD', 'TZS',
  'UAH', 'USD', 'USN', 'UYU', 'UZS', 'VED', 'VES', 'WST', 'XCD', 'XCG', 'YER', 'ZAR', 'ZMW', 'ZWG',
];

/** ISO 4217 code → its minor-unit exponent. */
export const CURRENCY_EXPONENTS: Readonly<Record<string, number>> = Object.freeze(
  Object.fromEntries([
    ...ZERO_DECIMALS.map((code) => [code, 0] as const),
    ...TWO_DECIMALS.map((code) => [code, 2] as const),
    ...THREE_DECIMALS.map((code) => [code, 3] as const),
    ...FOUR_DECIMALS.map((code) => [code, 4] as const),
  ]),
);

/** The exponent of an ISO 4217 code ('EUR' → 2, 'JPY' → 0, 'KWD' → 3); undefined for a code ISO does not list. */
export function currencyExponent(currency: string): number | undefined {
  return Object.hasOwn(CURRENCY_EXPONENTS, currency) ? CURRENCY_EXPONENTS[currency] : undefined;
}
