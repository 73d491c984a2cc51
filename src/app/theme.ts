import { Anchor, createTheme, DEFAULT_THEME, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';
import { READABLE_COLORS } from './theme-colors.ts';

// SPEC §9: the primary theme colour defaults to green; the colour mode is kept locally
// (Mantine's default colour-scheme manager stores it in localStorage).
//
// WCAG 2.1 AA (1.4.3): text needs a contrast of 4.5:1 with its background. Mantine's palette does not
// get there where text sits on or is written in a colour: a filled green button (green.6, #40c057)
// has 2.4:1 with its white label, red error text 3.3:1, dimmed text (gray.6) 3.3:1. So every palette
// keeps its light shades (backgrounds, borders) and darkens, keeping hue and saturation, the shades
// that carry text until they reach these ratios against white:
// - 6: filled buttons, badges and checkboxes with white text, text and links in that colour, error
//   text (red.6), dimmed text (gray.6); 5.2:1 keeps AA on the light grey surfaces (gray.0/1) too;
// - 7: the hover of filled components; 8: filled components in the dark scheme;
// - 9: the text of `light` variants (Alert, Badge, ActionIcon on the shade-1 background).
export const TEXT_SHADE_CONTRAST: Readonly<Record<6 | 7 | 8 | 9, number>> = { 6: 5.2, 7: 6, 8: 7, 9: 8 };

type Rgb = [number, number, number];

const toRgb = (hex: string): Rgb => {
  const value = hex.replace('#', '');
  return [0, 2, 4].map((index) => parseInt(value.slice(index, index + 2), 16)) as Rgb;
};
const toHex = (rgb: Rgb): string => `#${rgb.map((channel) => Math.round(channel).toString(16).padStart(2, '0')).join('')}`;

/** WCAG relative luminance of a #rrggbb colour. */
export function relativeLuminance(hex: string): number {
  const [r, g, b] = toRgb(hex).map((channel) => {
    const c = channel / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio of two #rrggbb colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

function toHsl([r, g, b]: Rgb): Rgb {
  const [rn, gn, bn] = [r / 255, g / 255, b / 255];
  const max = Math.max(rn, gn, bn);
  const min = Math.min(rn, gn, bn);
  const l = (max + min) / 2;
  if (max === min) return [0, 0, l];
  const d = max - min;
  const s = l > 0.5 ? d / (2 - max - min) : d / (max + min);
  const h = max === rn ? (gn - bn) / d + (gn < bn ? 6 : 0) : max === gn ? (bn - rn) / d + 2 : (rn - gn) / d + 4;
  return [h / 6, s, l];
}

function fromHsl([h, s, l]: Rgb): Rgb {
  if (s === 0) return [l * 255, l * 255, l * 255];
  const q = l < 0.5 ? l * (1 + s) : l + s - l * s;
  const p = 2 * l - q;
  const channel = (t: number) => {
    const u = t < 0 ? t + 1 : t > 1 ? t - 1 : t;
    if (u < 1 / 6) return p + (q - p) * 6 * u;
    if (u < 1 / 2) return q;
    if (u < 2 / 3) return p + (q - p) * (2 / 3 - u) * 6;
    return p;
  };
  return [channel(h + 1 / 3) * 255, channel(h) * 255, channel(h - 1 / 3) * 255];
}

/** The colour, darkened in small steps of HSL lightness (hue and saturation kept), until it has `ratio` against white. */
export function darkenToContrast(hex: string, ratio: number): string {
  const [h, s, l] = toHsl(toRgb(hex));
  for (let lightness = l; lightness > 0; lightness -= 0.005) {
    const candidate = toHex(fromHsl([h, s, lightness]));
    if (contrastRatio(candidate, '#ffffff') >= ratio) return candidate;
  }
  return '#000000';
}

/** A Mantine palette whose text-carrying shades (6 to 9) reach TEXT_SHADE_CONTRAST against white. */
export function readablePalette(palette: readonly string[]): MantineColorsTuple {
  return palette.map((shade, index) => {
    const ratio = TEXT_SHADE_CONTRAST[index as keyof typeof TEXT_SHADE_CONTRAST];
    return ratio && contrastRatio(shade, '#ffffff') < ratio ? darkenToContrast(shade, ratio) : shade;
  }) as unknown as MantineColorsTuple;
}

// `dark` is the dark scheme's surfaces and text, not a text colour on white: it stays as it is.
/** What the theme uses (precomputed in ./theme-colors.ts): Mantine's palettes but dark, made readable. */
export function readableColors(): Record<string, MantineColorsTuple> {
  return Object.fromEntries(
    Object.entries(DEFAULT_THEME.colors)
      .filter(([name]) => name !== 'dark')
      .map(([name, palette]) => [name, readablePalette(palette)]),
  );
}

export const theme = createTheme({
  primaryColor: 'green',
  primaryShade: { light: 6, dark: 8 },
  colors: READABLE_COLORS,
  defaultRadius: 'md',
  components: {
    // WCAG 1.4.1: a link inside a sentence must not be told apart by colour alone (in the dark scheme
    // green.4 and the body text are 1.05:1 apart): links are always underlined.
    Anchor: Anchor.extend({ defaultProps: { underline: 'always' } }),
  },
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
});

/**
 * Mantine's text colours that are not a shade 6 to 9 of a palette:
 * - light scheme: placeholders (gray.5, 2.1:1) are read as hints, so they follow the dimmed text;
 * - dark scheme: dimmed text (dark.2, 3.5:1 on the dark.6 cards and inputs) takes dark.1 (5:1 even on
 *   dark.4), placeholders a step below it; error text (red.8, dark on dark) takes red.4.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-placeholder': 'var(--mantine-color-gray-6)' },
  dark: {
    '--mantine-color-dimmed': 'var(--mantine-color-dark-1)',
    '--mantine-color-placeholder': '#a3a3a3',
    '--mantine-color-error': 'var(--mantine-color-red-4)',
  },
});
