import { describe, expect, it } from 'vitest';
import { categoriesForLocale, categoryOptions } from './business-categories.ts';

const byLanguage = {
  en: { categories: [{ code: 'hair_salon', name: 'Hair salon' }, { code: 'other', name: 'Other' }] },
  es: { categories: [{ code: 'hair_salon', name: 'Peluquería' }, { code: 'other', name: 'Otro' }] },
};

describe('categoriesForLocale', () => {
  it('picks the group of the first two letters of the locale', () => {
    expect(categoriesForLocale(byLanguage, 'es-ES').map((c) => c.name)).toEqual(['Peluquería', 'Otro']);
    expect(categoriesForLocale(byLanguage, 'en-US').map((c) => c.name)).toEqual(['Hair salon', 'Other']);
  });

  it('falls back to English, then to any group, then to nothing', () => {
    expect(categoriesForLocale(byLanguage, 'ca-ES')[0]?.name).toBe('Hair salon');
    expect(categoriesForLocale({ es: byLanguage.es }, 'fr')[0]?.name).toBe('Peluquería');
    expect(categoriesForLocale(undefined, 'en-US')).toEqual([]);
  });

  it('keeps a saved category missing from the list', () => {
    expect(categoriesForLocale(byLanguage, 'en-US', 'yoga_studio').at(-1)).toEqual({ code: 'yoga_studio', name: 'yoga_studio' });
    expect(categoriesForLocale(byLanguage, 'en-US', 'other')).toHaveLength(2);
  });
});

describe('categoryOptions', () => {
  it('gives select options keyed by code', () => {
    expect(categoryOptions(byLanguage, 'es-ES')[0]).toEqual({ value: 'hair_salon', label: 'Peluquería' });
  });
});
