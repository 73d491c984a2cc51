import { flagUrl } from './flag-icons';

/**
 * A country's flag as a small image (3:2), never an emoji: Windows and Linux without an emoji font
 * show regional-indicator letters or empty boxes instead. Every country has one: the SVGs of
 * country-flag-icons are static files (src/components/flag-icons.ts), fetched lazily as the list
 * scrolls, and cost nothing in the JavaScript bundle. Decorative (alt=""): the country's name is in
 * the text beside it.
 */
export function CountryFlag({ code, width = 20 }: { code: string; width?: number }) {
  const iso = code.toUpperCase();
  if (!/^[A-Z]{2}$/.test(iso)) return null;
  return (
    <img
      src={flagUrl(iso, import.meta.env.BASE_URL)}
      alt=""
      width={width}
      height={Math.round((width * 2) / 3)}
      loading="lazy"
      decoding="async"
      draggable={false}
      data-flag={iso}
      style={{ display: 'block', flexShrink: 0, borderRadius: 2, boxShadow: '0 0 0 1px rgb(0 0 0 / 15%)' }}
    />
  );
}
