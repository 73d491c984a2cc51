import { describe, expect, it } from 'vitest';
import { formatIban, isValidIban, normalizeIban } from './iban.ts';

describe('IBAN', () => {
  it('accepts real IBANs written with spaces and in lower case', () => {
    expect(isValidIban('ES91 2100 0418 4502 0005 1332')).toBe(true);
    expect(isValidIban('de89370400440532013000')).toBe(true);
    expect(isValidIban('GB29 NWBK 6016 1331 9268 19')).toBe(true);
  });
  it('refuses a wrong check digit, a swapped pair and a bad shape', () => {
    expect(isValidIban('ES92 2100 0418 4502 0005 1332')).toBe(false);
    expect(isValidIban('ES91 2100 0418 4502 0005 1323')).toBe(false);
    expect(isValidIban('1234')).toBe(false);
    expect(isValidIban('ES91-2100-0418')).toBe(false);
  });
  it('normalises and groups', () => {
    expect(normalizeIban(' es91 2100 ')).toBe('ES912100');
    expect(formatIban('ES9121000418450200051332')).toBe('ES91 2100 0418 4502 0005 1332');
  });
});
