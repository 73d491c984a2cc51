/**
 * Whether a file chosen for the customer import is text at all (issue 18), from its bytes, before
 * anything is parsed or mapped: a photo, a PDF or an Excel workbook renamed .csv is refused with
 * "this is not a CSV file" instead of a mapping step full of garbage. Text in UTF-8 (with or without
 * a BOM), UTF-16 with a BOM (Excel's "Unicode text") or Latin-1/Windows-1252 (older Excel on
 * Windows) is decoded; the answer carries the text.
 */
export type CsvSniff = { text: string } | { notText: 'binary' | BinaryKind };

export type BinaryKind = 'png' | 'jpeg' | 'gif' | 'pdf' | 'zip' | 'ole' | 'gzip' | 'webp';

const SIGNATURES: Array<{ kind: BinaryKind; bytes: number[]; offset?: number }> = [
  { kind: 'png', bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { kind: 'jpeg', bytes: [0xff, 0xd8, 0xff] },
  { kind: 'gif', bytes: [0x47, 0x49, 0x46, 0x38] },
  { kind: 'pdf', bytes: [0x25, 0x50, 0x44, 0x46, 0x2d] },
  // ZIP: .xlsx, .ods and .numbers are ZIP files too.
  { kind: 'zip', bytes: [0x50, 0x4b, 0x03, 0x04] },
  { kind: 'zip', bytes: [0x50, 0x4b, 0x05, 0x06] },
  // OLE2: the old .xls and .doc.
  { kind: 'ole', bytes: [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1] },
  { kind: 'gzip', bytes: [0x1f, 0x8b] },
  { kind: 'webp', bytes: [0x57, 0x45, 0x42, 0x50], offset: 8 },
];

/** How much of the start is examined for control characters. */
const SAMPLE = 8192;

function startsWith(bytes: Uint8Array, signature: number[], offset = 0): boolean {
  if (bytes.length < offset + signature.length) return false;
  return signature.every((byte, index) => bytes[offset + index] === byte);
}

/** Control characters other than tab, line feed, form feed and carriage return: text has (almost) none. */
function looksBinary(text: string): boolean {
  const sample = text.slice(0, SAMPLE);
  let controls = 0;
  for (let index = 0; index < sample.length; index++) {
    const code = sample.charCodeAt(index);
    if (code === 0) return true;
    if (code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0c && code !== 0x0d) controls++;
  }
  return controls > Math.max(2, sample.length / 100);
}

export function sniffCsv(bytes: Uint8Array): CsvSniff {
  const signature = SIGNATURES.find((item) => startsWith(bytes, item.bytes, item.offset));
  if (signature) return { notText: signature.kind };
  let text: string;
  if (startsWith(bytes, [0xff, 0xfe])) text = new TextDecoder('utf-16le').decode(bytes);
  else if (startsWith(bytes, [0xfe, 0xff])) text = new TextDecoder('utf-16be').decode(bytes);
  else {
    // A NUL byte is never in UTF-8 or Latin-1 text.
    if (bytes.subarray(0, SAMPLE).includes(0)) return { notText: 'binary' };
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    } catch {
      text = new TextDecoder('windows-1252').decode(bytes);
    }
  }
  return looksBinary(text) ? { notText: 'binary' } : { text };
}
