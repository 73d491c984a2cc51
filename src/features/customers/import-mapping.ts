import type { CustomerImportRow } from '@generated/types.gen';

/** Mapping a CSV file's columns to customer fields, for the import (papaparse reads the file). */

/** The customer fields a CSV column can be mapped to, in form order. */
export const IMPORT_FIELDS = ['name', 'lastName', 'phoneCountryCode', 'phoneNumber', 'email', 'birthday', 'taxId', 'marketingConsent', 'tags', 'notes'] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];

/** At most this many rows per import (the contract's maxItems). */
export const MAX_IMPORT_ROWS = 5000;
/** The server's body limit for an import (413 above it): checked before sending. */
export const MAX_IMPORT_BYTES = 4 * 1024 * 1024;

/** The size in bytes of the request body that would carry these rows (UTF-8 JSON). */
export function importBodyBytes(rows: readonly CustomerImportRow[]): number {
  return new TextEncoder().encode(JSON.stringify({ rows })).length;
}

const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');

/** Column names (folded) recognised for each field, in English and Spanish. */
const ALIASES: Record<ImportField, string[]> = {
  name: ['name', 'firstname', 'first', 'givenname', 'nombre'],
  lastName: ['lastname', 'surname', 'familyname', 'apellido', 'apellidos'],
  phoneCountryCode: ['phonecountrycode', 'countrycode', 'dialcode', 'prefijo', 'codigopais', 'prefijotelefono'],
  phoneNumber: ['phone', 'phonenumber', 'telephone', 'mobile', 'cell', 'telefono', 'movil', 'celular'],
  email: ['email', 'emailaddress', 'mail', 'correo', 'correoelectronico'],
  birthday: ['birthday', 'birthdate', 'dateofbirth', 'cumpleanos', 'fechadenacimiento', 'nacimiento'],
  taxId: ['taxid', 'vat', 'vatid', 'nif', 'dni', 'cif', 'nie'],
  marketingConsent: ['marketingconsent', 'consent', 'promotions', 'newsletter', 'consentimiento', 'publicidad', 'promociones'],
  tags: ['tags', 'tag', 'labels', 'etiquetas', 'etiqueta'],
  notes: ['notes', 'note', 'comments', 'notas', 'observaciones', 'comentarios'],
};

export function guessMapping(columns: readonly string[]): Record<ImportField, string | null> {
  const mapping = {} as Record<ImportField, string | null>;
  for (const field of IMPORT_FIELDS) mapping[field] = columns.find((column) => ALIASES[field].includes(fold(column))) ?? null;
  return mapping;
}

export function mapRows(data: ReadonlyArray<Record<string, string | undefined>>, mapping: Record<ImportField, string | null>): CustomerImportRow[] {
  return data.map((record) => {
    const row: CustomerImportRow = {};
    for (const field of IMPORT_FIELDS) {
      const column = mapping[field];
      const value = column ? (record[column] ?? '').trim() : '';
      if (value) row[field] = value;
    }
    return row;
  });
}

