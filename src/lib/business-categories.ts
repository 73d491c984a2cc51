/** Business categories of the configuration (SPEC §3), chosen by the interface language. */

export interface CategoryItem {
  code: string;
  name: string;
}

export type CategoriesByLanguage = Record<string, { categories: readonly CategoryItem[] } | undefined>;

/**
 * The categories for a locale: the group of its first two letters ('es-ES' → es), else English,
 * else the first group there is. A `keep` code that is missing from the list (a category saved
 * earlier) is added at the end with its code as name, so a saved value is never dropped.
 */
export function categoriesForLocale(
  byLanguage: CategoriesByLanguage | null | undefined,
  locale: string,
  keep?: string | null,
): CategoryItem[] {
  const language = locale.slice(0, 2).toLowerCase();
  const group = byLanguage?.[language] ?? byLanguage?.en ?? Object.values(byLanguage ?? {}).find(Boolean);
  const list = [...(group?.categories ?? [])];
  if (keep && !list.some((item) => item.code === keep)) list.push({ code: keep, name: keep });
  return list;
}

/** Select options ({value, label}) of categoriesForLocale. */
export function categoryOptions(
  byLanguage: CategoriesByLanguage | null | undefined,
  locale: string,
  keep?: string | null,
): { value: string; label: string }[] {
  return categoriesForLocale(byLanguage, locale, keep).map((item) => ({ value: item.code, label: item.name }));
}
