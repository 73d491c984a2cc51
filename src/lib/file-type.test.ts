import { describe, expect, it } from 'vitest';
import { FILE_TYPES, fileKind, fileTypeOf } from './file-type.ts';

describe('fileTypeOf', () => {
  it('reads the extension case-insensitively', () => {
    expect(fileTypeOf('invoice.pdf')).toBe('pdf');
    expect(fileTypeOf('Receipt.JPEG')).toBe('jpeg');
    expect(fileTypeOf('report.final.XLSX')).toBe('xlsx');
    expect(fileTypeOf('notes.txt')).toBe('txt');
  });

  it('recognises every listed type from a file name', () => {
    for (const type of FILE_TYPES) {
      expect(fileTypeOf(`file.${type}`)).toBe(type);
    }
  });

  it('reads paths and URLs, ignoring query and fragment', () => {
    expect(fileTypeOf('uploads/2025/photo.png')).toBe('png');
    expect(fileTypeOf('https://cdn.example.com/a/b/logo.svg?v=3#top')).toBe('svg');
    expect(fileTypeOf('https://example.com/file.zip/download')).toBe('unknown');
  });

  it('reads MIME types', () => {
    expect(fileTypeOf('application/pdf')).toBe('pdf');
    expect(fileTypeOf('image/jpeg')).toBe('jpg');
    expect(fileTypeOf('image/svg+xml')).toBe('svg');
    expect(fileTypeOf('Text/Plain; charset=utf-8')).toBe('txt');
    expect(fileTypeOf('application/vnd.openxmlformats-officedocument.wordprocessingml.document')).toBe('docx');
    expect(fileTypeOf('application/vnd.ms-excel')).toBe('xls');
  });

  it('answers unknown for anything else', () => {
    expect(fileTypeOf('movie.mp4')).toBe('unknown');
    expect(fileTypeOf('README')).toBe('unknown');
    expect(fileTypeOf('archive.')).toBe('unknown');
    expect(fileTypeOf('video/mp4')).toBe('unknown');
    expect(fileTypeOf('')).toBe('unknown');
    expect(fileTypeOf(undefined)).toBe('unknown');
  });
});

describe('fileKind', () => {
  it('groups types into icon kinds', () => {
    expect(fileKind('pdf')).toBe('pdf');
    expect(fileKind('doc')).toBe('document');
    expect(fileKind('docx')).toBe('document');
    expect(fileKind('xls')).toBe('spreadsheet');
    expect(fileKind('xlsx')).toBe('spreadsheet');
    for (const image of ['jpg', 'jpeg', 'png', 'gif', 'webp', 'svg'] as const) {
      expect(fileKind(image)).toBe('image');
    }
    expect(fileKind('txt')).toBe('text');
    expect(fileKind('zip')).toBe('archive');
    expect(fileKind('unknown')).toBe('unknown');
    expect(fileKind(fileTypeOf('scan.WEBP'))).toBe('image');
  });
});
