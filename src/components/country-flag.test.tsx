import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { countries } from '~/lib/countries';
import { CountryFlag, DRAWN_FLAGS } from './country-flag';

const REGIONAL_INDICATORS = /[\u{1F1E6}-\u{1F1FF}]/u;

describe('CountryFlag', () => {
  it('draws the flags of the countries most dialled as SVG, never as emoji', () => {
    for (const code of ['ES', 'US', 'GB', 'FR', 'DE', 'IT', 'PT', 'MX']) {
      expect(DRAWN_FLAGS).toContain(code);
      const svg = renderToStaticMarkup(<CountryFlag code={code} />);
      expect(svg).toMatch(/^<svg[^>]*data-flag="[A-Z]{2}"/);
      expect(svg).toContain('<rect');
      expect(svg).not.toMatch(REGIONAL_INDICATORS);
      expect(svg).not.toContain('<text');
    }
    // Spain: red, yellow twice as tall, red.
    expect(renderToStaticMarkup(<CountryFlag code="es" />)).toMatch(/fill="#aa151b".*fill="#f1bf00".*fill="#aa151b"/);
  });

  it('shows any other country as a chip with its code, readable without an emoji font', () => {
    const others = countries('en').filter((country) => !DRAWN_FLAGS.includes(country.code));
    expect(others.length).toBeGreaterThan(100);
    for (const country of others) {
      const svg = renderToStaticMarkup(<CountryFlag code={country.code} />);
      expect(svg).toContain(`>${country.code}</text>`);
      expect(svg).not.toMatch(REGIONAL_INDICATORS);
    }
  });
});
