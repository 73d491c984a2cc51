import { describe, expect, it } from 'vitest';
import { acceptableCustomerTaxId, isValidSpanishTaxId, normalizeTaxId, spanishTaxIdKind } from './tax-id.ts';

// Published examples: the AEAT's and the Ministry of the Interior's DNI algorithm page (12345678Z,
// 00000000T), NIE examples of the Policía Nacional's page (X1234567L), and CIFs of known entities
// (A58818501, Q2826000H the AEAT itself, B12345674 as computed by hand with the published rule).
describe('Spanish NIF check characters', () => {
  it.each([
    ['12345678Z', 'DNI'],
    ['00000000T', 'DNI'],
    ['99999999R', 'DNI'],
    ['X1234567L', 'NIE'],
    ['Y1234567X', 'NIE'],
    ['Z1234567R', 'NIE'],
    ['A58818501', 'CIF'],
    ['B12345674', 'CIF'],
    ['Q2826000H', 'CIF'],
    ['K1234567L', 'NIF_KLM'],
    ['12.345.678-z', 'DNI'],
    ['ES12345678Z', 'DNI'],
  ])('accepts %s as a %s', (id, kind) => {
    expect(spanishTaxIdKind(id)).toBe(kind);
  });

  it.each(['12345678A', '00000000A', 'X1234567A', 'A58818502', 'B12345675', 'Q2826000A', 'Q28260008', '1234567Z', '123456789', 'ABCDEFGHI', '', 'I1234567A'])(
    'refuses %s',
    (id) => {
      expect(isValidSpanishTaxId(id)).toBe(false);
    },
  );

  it('prints a NIF upper case without separators', () => {
    expect(normalizeTaxId(' 12.345.678-z ')).toBe('12345678Z');
  });

  it('checks Spanish customers strictly and takes a foreign VAT number as written', () => {
    expect(acceptableCustomerTaxId('12345678A', 'ES', 'ES')).toBe(false);
    expect(acceptableCustomerTaxId('12345678A', undefined, 'ES')).toBe(false);
    expect(acceptableCustomerTaxId('FR40303265045', 'FR', 'ES')).toBe(true);
    expect(acceptableCustomerTaxId('12-3456789', 'US', 'US')).toBe(true);
  });
});
