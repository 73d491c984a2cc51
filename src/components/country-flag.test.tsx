import { existsSync, readFileSync } from 'node:fs';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { countries } from '~/lib/countries';
import { CountryFlag } from './country-flag';
import { FLAG_ICONS_VERSION } from './flag-icons';

const REGIONAL_INDICATORS = /[\u{1F1E6}-\u{1F1FF}]/u;
const FLAGS = 'node_modules/country-flag-icons';

describe('CountryFlag', () => {
  it('shows every country of the phone input as a small lazy image of a flag that exists, never as emoji', () => {
    const all = countries('en');
    expect(all.length).toBeGreaterThan(240);
    for (const country of all) {
      const html = renderToStaticMarkup(<CountryFlag code={country.code.toLowerCase()} />);
      const code = country.code.toUpperCase();
      expect(html).toBe(
        `<img src="/flags/${FLAG_ICONS_VERSION}/${code}.svg" alt="" width="20" height="13" loading="lazy" decoding="async" draggable="false" data-flag="${code}" style="${html.match(/style="([^"]*)"/)![1]}"/>`,
      );
      expect(html).not.toMatch(REGIONAL_INDICATORS);
      // The file the build and the dev server serve at that path (scripts/vite-flags.ts).
      expect(existsSync(`${FLAGS}/3x2/${code}.svg`), code).toBe(true);
    }
    // Spain's flag is Spain's: red, yellow, red.
    expect(readFileSync(`${FLAGS}/3x2/ES.svg`, 'utf8')).toMatch(/#D03433.*#FBCA46/);
  });

  it('keeps the 3:2 shape at any width and draws nothing for something that is not a country code', () => {
    expect(renderToStaticMarkup(<CountryFlag code="PT" width={30} />)).toMatch(/width="30" height="20"/);
    expect(renderToStaticMarkup(<CountryFlag code="../x" />)).toBe('');
  });

  it('uses the installed version of country-flag-icons in its path (the plugin refuses to build otherwise)', () => {
    expect(JSON.parse(readFileSync(`${FLAGS}/package.json`, 'utf8')).version).toBe(FLAG_ICONS_VERSION);
  });
});
