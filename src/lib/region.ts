import { detectCountry, REGIONS } from '@common/regions';
import { browserTimeZone } from './time-zones.ts';

/** The countries a business can be in (common/regions.ts), named in `language`, sorted by name with Spain first. */
export function regionCountryOptions(language: string): Array<{ value: string; label: string }> {
  let names: Intl.DisplayNames | undefined;
  try {
    names = new Intl.DisplayNames([language], { type: 'region' });
  } catch {
    names = undefined;
  }
  const collator = new Intl.Collator(language);
  return REGIONS.map((region) => ({ value: region.country, label: names?.of(region.country) ?? region.country })).sort((a, b) =>
    a.value === 'ES' ? -1 : b.value === 'ES' ? 1 : collator.compare(a.label, b.label),
  );
}

/** The country of this browser (its time zone, else its language's region, else Spain). */
export function browserCountry(): string {
  const languages = typeof navigator === 'undefined' ? [] : [...(navigator.languages ?? []), navigator.language].filter(Boolean);
  return detectCountry(browserTimeZone('UTC'), languages);
}
