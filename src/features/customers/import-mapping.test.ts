import { describe, expect, it } from 'vitest';
import { guessMapping, mapRows } from './import-mapping';

describe('import mapping', () => {
  it('recognises English and Spanish column names, with or without accents and case', () => {
    const mapping = guessMapping(['Nombre', 'APELLIDOS', 'Teléfono', 'Correo electrónico', 'Fecha de nacimiento', 'NIF', 'Etiquetas', 'Observaciones', 'Other']);
    expect(mapping).toEqual({
      name: 'Nombre',
      lastName: 'APELLIDOS',
      phoneCountryCode: null,
      phoneNumber: 'Teléfono',
      email: 'Correo electrónico',
      birthday: 'Fecha de nacimiento',
      taxId: 'NIF',
      marketingConsent: null,
      tags: 'Etiquetas',
      notes: 'Observaciones',
    });
    expect(guessMapping(['First name', 'Last Name', 'Phone number', 'E-mail', 'Consent'])).toMatchObject({
      name: 'First name',
      lastName: 'Last Name',
      phoneNumber: 'Phone number',
      email: 'E-mail',
      marketingConsent: 'Consent',
    });
  });

  it('maps rows through the chosen columns, trimmed, leaving out empty and unmapped cells', () => {
    const mapping = { ...guessMapping(['Name', 'Phone']), email: 'Mail' };
    expect(mapRows([{ Name: ' Ana ', Phone: '', Mail: 'ana@example.com', Extra: 'x' }, { Name: 'Bea' }], mapping)).toEqual([
      { name: 'Ana', email: 'ana@example.com' },
      { name: 'Bea' },
    ]);
  });
});
