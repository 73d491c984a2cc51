import { DEFAULT_THEME } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { contrastRatio, cssVariablesResolver, darkenToContrast, readableColors, readablePalette, theme } from './theme';
import { READABLE_COLORS } from './theme-colors';

const WHITE = '#ffffff';
const AA = 4.5;
const palettes = Object.entries(theme.colors ?? {}) as [string, readonly string[]][];

describe('theme (WCAG AA contrast)', () => {
  it('uses the written-out palettes, which are still what readablePalette makes of Mantine\'s', () => {
    expect(READABLE_COLORS).toEqual(readableColors());
    expect(theme.colors).toEqual(READABLE_COLORS);
  });

  it('keeps green as the primary colour, and a green that white text can sit on', () => {
    expect(theme.primaryColor).toBe('green');
    const green = theme.colors!.green![6]!;
    expect(contrastRatio(green, WHITE)).toBeGreaterThanOrEqual(AA);
    // Still green: more green than red or blue.
    const [r, g, b] = [1, 3, 5].map((i) => parseInt(green.slice(i, i + 2), 16)) as [number, number, number];
    expect(g).toBeGreaterThan(r * 1.5);
    expect(g).toBeGreaterThan(b * 1.5);
  });

  it.each(palettes)('%s: the shades that carry text pass AA against white and as light-variant text', (_name, palette) => {
    for (const shade of [6, 7, 8, 9]) expect(contrastRatio(palette[shade]!, WHITE)).toBeGreaterThanOrEqual(AA);
    // Light variants: shade-9 text on the shade-1 background.
    expect(contrastRatio(palette[9]!, palette[1]!)).toBeGreaterThanOrEqual(AA);
    // Dimmed text (gray.6) and links stay readable on the light grey surfaces too.
    expect(contrastRatio(palette[6]!, DEFAULT_THEME.colors.gray[1])).toBeGreaterThanOrEqual(AA);
  });

  it("Mantine's own palette fails (which is why the theme replaces it)", () => {
    expect(contrastRatio(DEFAULT_THEME.colors.green[6], WHITE)).toBeLessThan(AA);
    expect(contrastRatio(DEFAULT_THEME.colors.gray[6], WHITE)).toBeLessThan(AA);
  });

  it('keeps the light shades and already dark enough shades as they are', () => {
    const palette = readablePalette(DEFAULT_THEME.colors.violet);
    expect(palette.slice(0, 6)).toEqual(DEFAULT_THEME.colors.violet.slice(0, 6));
    expect(readablePalette(DEFAULT_THEME.colors.gray)[7]).toBe(DEFAULT_THEME.colors.gray[7]);
  });

  it('darkens to the asked ratio and no further than needed', () => {
    const darker = darkenToContrast('#40c057', 5);
    expect(contrastRatio(darker, WHITE)).toBeGreaterThanOrEqual(5);
    expect(contrastRatio(darker, WHITE)).toBeLessThan(5.3);
    expect(contrastRatio('#000000', WHITE)).toBeCloseTo(21, 5);
  });

  it('dark scheme: dimmed and error text are readable on the dark surfaces', () => {
    const dark = DEFAULT_THEME.colors.dark;
    const variables = cssVariablesResolver(DEFAULT_THEME).dark;
    expect(variables['--mantine-color-dimmed']).toBe('var(--mantine-color-dark-1)');
    for (const surface of [dark[4], dark[5], dark[6], dark[7]]) expect(contrastRatio(dark[1], surface)).toBeGreaterThanOrEqual(AA);
    expect(variables['--mantine-color-error']).toBe('var(--mantine-color-red-4)');
    expect(contrastRatio(theme.colors!.red![4]!, dark[7])).toBeGreaterThanOrEqual(AA);
    // Filled components in the dark scheme (shade 8) keep white text readable.
    expect(contrastRatio(theme.colors!.green![8]!, WHITE)).toBeGreaterThanOrEqual(AA);
  });
});
