import { describe, expect, it } from 'vitest';
import { sniffCsv } from './csv-sniff';

const bytes = (...values: number[]) => new Uint8Array(values);
const utf8 = (text: string) => new TextEncoder().encode(text);

describe('sniffCsv', () => {
  it('reads UTF-8 text, with or without a BOM', () => {
    expect(sniffCsv(utf8('Nombre,Teléfono\nLucía,600000001\n'))).toEqual({ text: 'Nombre,Teléfono\nLucía,600000001\n' });
    expect(sniffCsv(new Uint8Array([0xef, 0xbb, 0xbf, ...utf8('Name\nAnn\n')]))).toEqual({ text: 'Name\nAnn\n' });
  });

  it('reads Latin-1 (Windows-1252) text, as older Excel saves it', () => {
    // "Peña;Camión" in Windows-1252: ñ = 0xF1, ó = 0xF3.
    const latin1 = bytes(0x50, 0x65, 0xf1, 0x61, 0x3b, 0x43, 0x61, 0x6d, 0x69, 0xf3, 0x6e, 0x0a);
    expect(sniffCsv(latin1)).toEqual({ text: 'Peña;Camión\n' });
  });

  it('reads UTF-16 with a BOM (Excel’s Unicode text)', () => {
    const text = 'Name\tPhone\r\nAnn\t555\r\n';
    const le = new Uint8Array(2 + text.length * 2);
    le.set([0xff, 0xfe]);
    for (let i = 0; i < text.length; i++) le[2 + i * 2] = text.charCodeAt(i);
    expect(sniffCsv(le)).toEqual({ text });
  });

  it('refuses images, PDFs and spreadsheets by their signature', () => {
    expect(sniffCsv(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13))).toEqual({ notText: 'png' });
    expect(sniffCsv(bytes(0xff, 0xd8, 0xff, 0xe0, 0, 16))).toEqual({ notText: 'jpeg' });
    expect(sniffCsv(utf8('%PDF-1.7\n%âãÏÓ\n'))).toEqual({ notText: 'pdf' });
    expect(sniffCsv(bytes(0x50, 0x4b, 0x03, 0x04, 20, 0, 6, 0))).toEqual({ notText: 'zip' });
    expect(sniffCsv(bytes(0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0))).toEqual({ notText: 'ole' });
  });

  it('refuses a file with NUL bytes or full of control characters', () => {
    expect(sniffCsv(new Uint8Array([...utf8('Name,Phone\n'), 0, 1, 2, 3]))).toEqual({ notText: 'binary' });
    const noise = new Uint8Array(400).map((_, i) => (i % 3 === 0 ? 0x07 : 0x41 + (i % 26)));
    expect(sniffCsv(noise)).toEqual({ notText: 'binary' });
  });

  it('accepts an empty file as (empty) text: the parser says it has no rows', () => {
    expect(sniffCsv(new Uint8Array())).toEqual({ text: '' });
  });
});
