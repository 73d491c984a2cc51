/** The tag picker's "Create tag “…”" option (no tag id looks like it). */
export const newTagOption = '__new-tag__';

/** Whether two tag names are the same to a person: case, accents and spacing aside ("Alérgica " = "alergica"). */
export function sameTagName(a: string, b: string): boolean {
  const plain = (text: string) =>
    text
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/\s+/g, ' ')
      .trim()
      .toLowerCase();
  return plain(a) === plain(b);
}
