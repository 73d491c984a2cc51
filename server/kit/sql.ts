/** Escapes LIKE's wildcards (%, _) and its escape character in user input; use with `ESCAPE '\'`. */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (character) => `\\${character}`);
}
