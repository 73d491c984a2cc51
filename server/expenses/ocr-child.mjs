// The receipt reader's process (server/expenses/ocr.ts forks it and keeps it warm between scans):
// tesseract.js with the Spanish and English LSTM data shipped by @tesseract.js-data/spa and /eng
// (4.0.0_best_int), read from the package folders through a private temporary folder of links
// (tesseract.js reads every language from one langPath), loaded once when the process starts.
// Nothing is downloaded and nothing is written to the working folder (cacheMethod 'none').
//
// One file at a time: the parent sends {id, kind: 'image' | 'pdf', bytes} (advanced serialization:
// the bytes arrive as they are, no base64) and this answers {id, lines, confidence, rss} or
// {id, error, code, rss}. Everything heavy happens here (at the niceness the parent gives, if any):
// decoding and preparing the image (sharp), opening a PDF (pdfjs-dist, loaded on the first PDF),
// rendering its first page (@napi-rs/canvas) and the OCR. A hang or a crash here costs the parent a
// timeout or an exit event, never its event loop.
//
// PDF safety: the PDF is hostile until proven otherwise. pdfjs runs in this process with the options
// of pdfjs.mjs (no eval, nothing fetched or read, a cap on decoded image size), only page 1 is looked
// at, and the rendered page has a pixel cap. The parent's scan timeout kills this process if a PDF
// makes it loop.
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { createRequire } from 'node:module';
import { setPriority, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import sharp from 'sharp';
import { createWorker, OEM } from 'tesseract.js';
import { loadPdfjs, pdfDocumentOptions, RENDER_MAX_SIDE_PX } from './pdfjs.mjs';

// Priority first (when the parent asks for a lower one), so that the threads started below
// (tesseract's worker, libvips') inherit it.
const niceness = Number(process.env.CITA_OCR_NICENESS ?? 0);
if (niceness > 0) {
  try {
    setPriority(niceness);
  } catch {
    // not allowed here: read at the normal priority
  }
}

/** Longest side the OCR gets (an image, or a rendered PDF page). Same figure as OCR_SIDE_PX in ocr.ts. */
const SIDE_PX = 1600;
/** Decompression-bomb guard for images (same as uploads). */
const MAX_INPUT_PIXELS = 100_000_000;
/** A PDF page is rendered at this resolution, within RENDER_MAX_SIDE_PX (pdfjs.mjs) on its longest side. */
const RENDER_DPI = 200;
/** Letters and digits a page's text layer needs to be read instead of rendered. */
const MIN_TEXT_CHARS = 8;

const require = createRequire(import.meta.url);
const langPath = mkdtempSync(join(tmpdir(), 'cita-ocr-'));
for (const lang of ['spa', 'eng']) {
  const folder = dirname(require.resolve(`@tesseract.js-data/${lang}/package.json`));
  symlinkSync(join(folder, '4.0.0_best_int', `${lang}.traineddata.gz`), join(langPath, `${lang}.traineddata.gz`));
}
const cleanUp = () => rmSync(langPath, { recursive: true, force: true });
process.on('exit', cleanUp);
process.on('disconnect', () => process.exit(0));

let failure;
const worker = await createWorker(['spa', 'eng'], OEM.LSTM_ONLY, {
  langPath,
  gzip: true,
  cacheMethod: 'none',
  errorHandler: (error) => {
    failure = String(error);
  },
});
cleanUp(); // the data is loaded: the links are not needed any more

class Refusal extends Error {
  constructor(code, message) {
    super(message);
    this.code = code;
  }
}

/**
 * A greyscale, contrast-normalised PGM (P5) of at most SIDE_PX on its longest side. PGM is what
 * leptonica reads with no decoding work (a PNG would be compressed here and inflated again there).
 */
async function toPgm(pipeline) {
  const { data, info } = await pipeline
    .resize({ width: SIDE_PX, height: SIDE_PX, fit: 'inside', withoutEnlargement: true })
    .flatten({ background: '#ffffff' })
    .greyscale()
    .normalise()
    .raw()
    .toBuffer({ resolveWithObject: true });
  if (info.channels !== 1) throw new Refusal('unreadable_image', `expected one channel, got ${info.channels}`);
  return Buffer.concat([Buffer.from(`P5\n${info.width} ${info.height}\n255\n`, 'latin1'), data]);
}

async function prepareImage(bytes) {
  try {
    return await toPgm(sharp(bytes, { failOn: 'error', limitInputPixels: MAX_INPUT_PIXELS }).rotate());
  } catch (error) {
    if (error instanceof Refusal) throw error;
    throw new Refusal('unreadable_image', String(error));
  }
}

async function ocr(pgm) {
  const { data } = await worker.recognize(pgm, {}, { text: true, blocks: true });
  const lines = [];
  for (const block of data.blocks ?? []) {
    for (const paragraph of block.paragraphs ?? []) {
      for (const line of paragraph.lines ?? []) lines.push({ text: line.text.trim(), confidence: line.confidence });
    }
  }
  return { lines, confidence: data.confidence };
}

/** The text layer of a page as lines, top to bottom, pieces of a line left to right. */
function textLines(items) {
  const pieces = items
    .filter((item) => typeof item.str === 'string' && item.str.trim() !== '' && Array.isArray(item.transform))
    .map((item) => ({ text: item.str, x: item.transform[4], y: item.transform[5], width: item.width ?? 0, height: Math.abs(item.height || item.transform[3] || 10) }))
    .sort((a, b) => b.y - a.y || a.x - b.x);
  const lines = [];
  for (const piece of pieces) {
    const line = lines[lines.length - 1];
    if (line && Math.abs(line.y - piece.y) <= Math.max(2, line.height * 0.5)) line.pieces.push(piece);
    else lines.push({ y: piece.y, height: piece.height, pieces: [piece] });
  }
  return lines.map((line) => {
    let text = '';
    let end;
    for (const piece of line.pieces.sort((a, b) => a.x - b.x)) {
      if (end !== undefined && piece.x - end > piece.height * 0.15 && !text.endsWith(' ') && !piece.text.startsWith(' ')) text += ' ';
      text += piece.text;
      end = piece.x + piece.width;
    }
    return { text: text.replace(/\s+/g, ' ').trim(), confidence: 99 };
  });
}

const readableChars = (lines) => lines.reduce((n, line) => n + (line.text.match(/[\p{L}\d]/gu) ?? []).length, 0);

async function readPdf(bytes) {
  const { getDocument } = await loadPdfjs();
  const task = getDocument(pdfDocumentOptions(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength)));
  let document;
  try {
    document = await task.promise;
  } catch (error) {
    throw new Refusal('unreadable_pdf', String(error));
  }
  try {
    if (document.numPages < 1) throw new Refusal('unreadable_pdf', 'no pages');
    let page;
    try {
      page = await document.getPage(1);
    } catch (error) {
      throw new Refusal('unreadable_pdf', String(error));
    }
    // The text layer, when the PDF was made by a program: exact, and no OCR needed.
    const content = await page.getTextContent().catch(() => ({ items: [] }));
    const lines = textLines(content.items);
    if (readableChars(lines) >= MIN_TEXT_CHARS) return { lines, confidence: 99, source: 'text' };
    // A scanned page (an image in a PDF): render it and read it.
    const base = page.getViewport({ scale: 1 });
    const scale = Math.min(RENDER_DPI / 72, RENDER_MAX_SIDE_PX / Math.max(base.width, base.height, 1));
    const viewport = page.getViewport({ scale });
    const width = Math.max(1, Math.floor(viewport.width));
    const height = Math.max(1, Math.floor(viewport.height));
    const { createCanvas } = require('@napi-rs/canvas');
    const canvas = createCanvas(width, height);
    const context = canvas.getContext('2d');
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, width, height);
    try {
      await page.render({ canvas, canvasContext: context, viewport, background: '#ffffff' }).promise;
    } catch (error) {
      throw new Refusal('unreadable_pdf', String(error));
    }
    const rgba = context.getImageData(0, 0, width, height).data;
    const pgm = await toPgm(sharp(Buffer.from(rgba.buffer, rgba.byteOffset, rgba.byteLength), { raw: { width, height, channels: 4 } }));
    return { ...(await ocr(pgm)), source: 'ocr' };
  } finally {
    await document.destroy().catch(() => undefined);
  }
}

const rss = () => Math.round(process.memoryUsage().rss / 1024 / 1024);

process.on('message', async (message) => {
  if (!message || typeof message !== 'object') return;
  const { id, kind } = message;
  const bytes = Buffer.from(message.bytes.buffer, message.bytes.byteOffset, message.bytes.byteLength);
  failure = undefined;
  try {
    const result = kind === 'pdf' ? await readPdf(bytes) : await ocr(await prepareImage(bytes));
    process.send({ id, ...result, rss: rss() });
  } catch (error) {
    process.send({ id, error: failure ?? String(error), code: error instanceof Refusal ? error.code : 'ocr_failed', rss: rss() });
  }
});
process.send({ ready: true });
