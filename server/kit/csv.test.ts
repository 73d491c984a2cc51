import { describe, expect, it } from 'vitest';
import { csvDocument, csvField, csvLine } from './csv.ts';

/** An RFC 4180 reader with a chosen separator (Excel in Spain reads `;`, elsewhere `,`). */
function parse(text: string, separator: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const endCell = () => {
    row.push(cell);
    cell = '';
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === separator) endCell();
    else if (c === '\r' && text[i + 1] === '\n') {
      endCell();
      rows.push(row);
      row = [];
      i++;
    } else cell += c;
  }
  return rows;
}

/** What a reader that ignores quotes makes of a line: a cell after every `,`, `;` or line break. */
const naiveCells = (text: string) => text.split(/[,;\r\n]/).map((cell) => cell.replace(/^"+/, ''));

/** A cell a spreadsheet would run as a formula (spaces before the character too). */
const runs = (cell: string) => /^ *[=+\-@\t\r]/.test(cell) && !/^ *[+-]?\d[\d ]*$/.test(cell);

const ATTACKS = [
  "Ana;=cmd|' /C calc'!A0",
  'Ana,=HYPERLINK("http://evil.example","x")',
  'Ana; +1+cmd|x',
  'Ana;-2+3',
  'nota;@SUM(A1)',
  'a;\t=1+1',
  'a\r=1+1',
  'línea 1\n=1+1',
  '=1+1',
  ' =1+1',
  '@SUM(1)',
  '\t=1',
  '\r=1',
  '-1+1',
];

describe('the CSV writer', () => {
  it('quotes every field, doubling inner quotes; null is an empty field', () => {
    expect(csvField('Ana')).toBe('"Ana"');
    expect(csvField('Dice "hola", siempre')).toBe('"Dice ""hola"", siempre"');
    expect(csvField('línea 1\nlínea 2')).toBe('"línea 1\nlínea 2"');
    expect(csvField('Ana;García')).toBe('"Ana;García"');
    expect(csvField(null)).toBe('""');
    expect(csvField(undefined)).toBe('""');
    expect(csvField(false)).toBe('"false"');
    expect(csvField(12)).toBe('"12"');
    expect(csvLine(['a', null, 'b'])).toBe('"a","","b"\r\n');
    expect(csvDocument(['x', 'y'], [['1', '2']])).toBe('"x","y"\r\n"1","2"\r\n');
  });

  it("puts a ' before every cell start that would be a formula, at the start and after a , or ;", () => {
    expect(csvField('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvField("Ana;=cmd|' /C calc'!A0")).toBe(`"Ana;'=cmd|' /C calc'!A0"`);
    expect(csvField('Ana,@SUM(A1)')).toBe(`"Ana,'@SUM(A1)"`);
    expect(csvField('Ana; =1')).toBe(`"Ana;' =1"`);
    expect(csvField('\t=1')).toBe(`"'\t=1"`);
    // Signed numbers are no formula: dial codes stay as they are.
    expect(csvField('+34')).toBe('"+34"');
    expect(csvField('-5;+34 612')).toBe('"-5;+34 612"');
    // Text without a formula start is untouched.
    expect(csvField('García-López; Peña, Ana @home')).toBe('"García-López; Peña, Ana @home"');
  });

  it.each(ATTACKS)('no reader starts a cell of %j with a formula: Excel with , or ; and a reader that ignores quotes', (attack) => {
    const file = csvLine(['before', attack, 'after']);
    for (const separator of [',', ';']) {
      for (const cell of parse(file, separator).flat()) expect(runs(cell), `${separator} ${JSON.stringify(cell)}`).toBe(false);
    }
    for (const cell of naiveCells(file)) expect(runs(cell), JSON.stringify(cell)).toBe(false);
    // Read back with the writer's own separator, the field is the text with its marks.
    expect(parse(file, ',')[0]![1]!.replace(/'/g, '')).toBe(attack.replace(/'/g, ''));
  });
});

describe('the reports dialects (issue 20)', () => {
  it('writes es-ES with `;` and a decimal comma, en-US with `,` and a point; a negative amount is no formula', async () => {
    const { csvDialect, csvDecimal, csvLine: line } = await import('./csv.ts');
    const spanish = csvDialect('es-ES');
    expect(spanish).toEqual({ delimiter: ';', decimalComma: true });
    expect(line(['Champú', csvDecimal('-18.95', spanish), '=1+1'], spanish.delimiter)).toBe('"Champú";"-18,95";"\'=1+1"\r\n');
    const english = csvDialect('en-US');
    expect(line([csvDecimal('-18.95', english), '@SUM(A1)'], english.delimiter)).toBe('"-18.95","\'@SUM(A1)"\r\n');
    expect(csvDialect('es-ES', 'comma')).toEqual({ delimiter: ',', decimalComma: false });
  });
});
