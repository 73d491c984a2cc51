/** Avatar initials (SPEC §9: at most 2 characters). */

const FIRST_LETTER = /[\p{L}\p{N}]/u;

function upperInitial(word: string): string | null {
  const letter = FIRST_LETTER.exec(word)?.[0];
  if (!letter) return null;
  const upper = letter.toLocaleUpperCase();
  // 'ß' → 'SS' would make two characters out of one initial.
  return [...upper].length === 1 ? upper : letter;
}

/**
 * 'maría  josé', 'garcía' → 'MJ'; 'Ana', 'López' → 'AL'; 'john.doe@example.com' → 'J'; '' → ''.
 * Takes the first letter of the first two words of the full name.
 */
export function initials(name: string | null | undefined, lastName?: string | null): string {
  const fullName = `${name ?? ''} ${lastName ?? ''}`.normalize('NFC').trim();
  const words = fullName.split(/\s+/).filter(Boolean);
  if (words.length === 1 && words[0]?.includes('@')) {
    return upperInitial(words[0].split('@')[0] ?? '') ?? '';
  }
  return words
    .map(upperInitial)
    .filter((letter): letter is string => letter !== null)
    .slice(0, 2)
    .join('');
}
