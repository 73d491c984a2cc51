import { describe, expect, it } from 'vitest';
import { initials } from './avatar.ts';

describe('initials', () => {
  it('takes the first letters of the first two words, upper-cased', () => {
    expect(initials('ana lópez')).toBe('AL');
    expect(initials('Ana', 'López')).toBe('AL');
    expect(initials('María José', 'García Pérez')).toBe('MJ');
    expect(initials('Cher')).toBe('C');
  });

  it('keeps accents, also when they come decomposed', () => {
    expect(initials('álvaro', 'íñiguez')).toBe('ÁÍ');
    expect(initials('A\u0301lvaro Ortiz')).toBe('ÁO');
  });

  it('ignores extra spaces and punctuation-only words', () => {
    expect(initials('  ana   maría  ')).toBe('AM');
    expect(initials('Ana - López')).toBe('AL');
    expect(initials('(Ana) López')).toBe('AL');
  });

  it('uses the first letter of the local part of an e-mail', () => {
    expect(initials('john.doe@example.com')).toBe('J');
    expect(initials('  _x@example.com ')).toBe('X');
  });

  it('never returns more than two characters', () => {
    expect(initials('ßara ßanz')).toBe('ßß');
    expect(initials('a b c d')).toBe('AB');
  });

  it('returns an empty string for empty input', () => {
    expect(initials('')).toBe('');
    expect(initials('   ')).toBe('');
    expect(initials(null)).toBe('');
    expect(initials(undefined, undefined)).toBe('');
  });
});
