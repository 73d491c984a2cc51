import { describe, expect, it } from 'vitest';
import { NARROW_WINDOW_PX, isNarrowWindow } from './layout.ts';

describe('isNarrowWindow', () => {
  it('collapses the sidebar only below 800 px', () => {
    expect(NARROW_WINDOW_PX).toBe(800);
    expect(isNarrowWindow(799)).toBe(true);
    expect(isNarrowWindow(375)).toBe(true);
    expect(isNarrowWindow(800)).toBe(false);
    expect(isNarrowWindow(1280)).toBe(false);
  });
});
