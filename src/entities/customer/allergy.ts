/**
 * Whether a customer tag warns of an allergy or intolerance ("Alergia al tinte", "Allergic to latex",
 * "Intolerancia al látex"): the appointment shows such tags as a warning, not as one more badge.
 * Accents and case do not matter.
 */
export function isAllergyTag(name: string): boolean {
  const plain = name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
  return /\b(alerg|allerg|intoleran|anafila|anaphyla)/.test(plain);
}
