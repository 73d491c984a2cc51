import { describe, expect, it } from 'vitest';
import { manifestUrl, parseRedirectRules } from './redirect-rules';

describe('build manifest rules', () => {
  it('keeps the valid rules and skips the rest', () => {
    expect(
      parseRedirectRules({
        id: 'b1',
        rules: [{ from: '/a', to: '/b' }, { from: 'no-slash', to: '/x' }, { from: '/c' }, null, { from: '/d', to: 'https://x.test' }],
      }),
    ).toEqual([
      { from: '/a', to: '/b' },
      { from: '/d', to: 'https://x.test' },
    ]);
  });

  it('reads anything else as no rules', () => {
    expect(parseRedirectRules(null)).toEqual([]);
    expect(parseRedirectRules('<!doctype html>')).toEqual([]);
    expect(parseRedirectRules({ rules: 'x' })).toEqual([]);
  });

  it('fetches builds/meta/{buildId}.json', () => {
    expect(manifestUrl('abc-123')).toBe('/builds/meta/abc-123.json');
  });
});
