import { describe, expect, it } from 'vitest';
import { isAllergyTag } from './allergy';

describe('isAllergyTag', () => {
  it('recognises allergy and intolerance tags in Spanish and English, accents and case aside', () => {
    for (const name of ['Alergia al tinte', 'ALÉRGICA al látex', 'alérgico', 'Allergy: nuts', 'Allergic to latex', 'Intolerancia a la lactosa', 'Lactose intolerant', 'Riesgo de anafilaxia']) {
      expect(isAllergyTag(name), name).toBe(true);
    }
  });
  it('leaves ordinary tags alone', () => {
    for (const name of ['VIP', 'Habitual', 'Regular', 'First visit', 'Galería', 'Tolerant']) expect(isAllergyTag(name), name).toBe(false);
  });
});
