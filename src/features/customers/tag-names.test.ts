import { describe, expect, it } from 'vitest';
import { sameTagName } from './tag-names';

describe('sameTagName', () => {
  it('treats names differing only in case, accents or spaces as the same tag', () => {
    expect(sameTagName('Alérgica', ' alergica ')).toBe(true);
    expect(sameTagName('Pelo  rizado', 'pelo rizado')).toBe(true);
  });
  it('tells different names apart', () => {
    expect(sameTagName('VIP', 'VIP 2')).toBe(false);
  });
});
