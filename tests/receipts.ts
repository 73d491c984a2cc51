// A PDF receipt as an invoicing program sends it: the lines as its text layer, in pdfmake's Roboto
// (no address or file outside the fonts is read). Shared by the expenses server suite, the stack
// expenses spec and the OCR bench.
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import pdfmake from 'pdfmake';

const fonts = join(dirname(createRequire(import.meta.url).resolve('pdfmake/package.json')), 'build', 'fonts', 'Roboto');
const printer = pdfmake as unknown as {
  setFonts(fonts: object): void;
  setUrlAccessPolicy(allow: (url: string) => boolean): void;
  setLocalAccessPolicy(allow: (path: string) => boolean): void;
  createPdf(doc: object): { getBuffer(): Promise<Buffer> };
};
printer.setUrlAccessPolicy(() => false);
printer.setLocalAccessPolicy((path) => path.startsWith(fonts));
printer.setFonts({
  Roboto: { normal: join(fonts, 'Roboto-Regular.ttf'), bold: join(fonts, 'Roboto-Medium.ttf'), italics: join(fonts, 'Roboto-Italic.ttf'), bolditalics: join(fonts, 'Roboto-MediumItalic.ttf') },
});

/** A pdfmake document definition as PDF bytes. */
export const pdfOf = (doc: object): Promise<Buffer> => printer.createPdf(doc).getBuffer();

/** The PDF of a receipt whose text is `lines`, one paragraph each. */
export const receiptPdf = (lines: string[]): Promise<Buffer> => pdfOf({ content: lines.map((text) => ({ text, margin: [0, 0, 0, 4] })) });
