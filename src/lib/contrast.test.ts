import { describe, expect, it } from 'vitest';
import { contrastRatio, readableTextColor } from './contrast';

describe('readable text on a chosen colour', () => {
  it('measures contrast as WCAG does', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#2f9e44')).toBeCloseTo(3.45, 2);
  });

  it('picks black on the mid greens and yellows where white fails, white on dark colours', () => {
    expect(readableTextColor('#2f9e44')).toBe('#000000');
    expect(readableTextColor('#fab005')).toBe('#000000');
    expect(readableTextColor('#1864ab')).toBe('#ffffff');
    expect(readableTextColor('#7048e8')).toBe('#ffffff');
  });

  it('reaches 4.5:1 whatever the colour', () => {
    for (let value = 0; value <= 0xffffff; value += 0x0f0f0f >> 1) {
      const colour = `#${value.toString(16).padStart(6, '0')}`;
      expect(contrastRatio(colour, readableTextColor(colour))).toBeGreaterThanOrEqual(4.5);
    }
  });
});
