// pdfjs-dist as the receipt reader (ocr-child.mjs) runs it, in one place so that the OCR bench's
// floor (scripts/bench/ocr.ts) opens a PDF exactly as the reader does. Importing this loads nothing:
// pdfjs itself is loaded by loadPdfjs, on the first PDF.
//
// The PDF is hostile until proven otherwise: pdfjs runs in the calling process (its "fake worker",
// no worker file fetched), with no eval, no font faces, no system fonts, no standard font, CMap or
// wasm URLs (so nothing is fetched or read), no XFA, and a cap on decoded image size and on the
// canvas it renders into.

/** Longest side, in pixels, of a rendered PDF page. */
export const RENDER_MAX_SIDE_PX = 2400;
/** Largest image pdfjs decodes inside a PDF (pixels). */
export const PDF_MAX_IMAGE_PIXELS = 40_000_000;

/** @type {typeof import('pdfjs-dist/legacy/build/pdf.mjs') | undefined} */
let pdfjs;
/**
 * The legacy build of pdfjs-dist, loaded once, running its worker in this process.
 * @returns {Promise<typeof import('pdfjs-dist/legacy/build/pdf.mjs')>}
 */
export async function loadPdfjs() {
  if (!pdfjs) {
    // The worker module first: it registers globalThis.pdfjsWorker, so pdfjs runs it in this
    // process instead of loading a worker file.
    await import('pdfjs-dist/legacy/build/pdf.worker.mjs');
    pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  }
  return pdfjs;
}

/**
 * getDocument's parameters for the PDF `data`: the reader's safety options.
 * @param {Uint8Array} data
 */
export function pdfDocumentOptions(data) {
  return {
    data,
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    useWorkerFetch: false,
    useWasm: false,
    enableXfa: false,
    disableAutoFetch: true,
    disableStream: true,
    disableRange: true,
    isOffscreenCanvasSupported: false,
    isImageDecoderSupported: false,
    maxImageSize: PDF_MAX_IMAGE_PIXELS,
    canvasMaxAreaInBytes: RENDER_MAX_SIDE_PX * RENDER_MAX_SIDE_PX * 4,
    verbosity: 0,
  };
}
