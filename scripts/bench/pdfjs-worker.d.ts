// pdfjs-dist's worker module has no types; the OCR bench imports it for its side effect (it registers
// globalThis.pdfjsWorker, so pdfjs runs in the importing process), as the receipt reader does.
declare module 'pdfjs-dist/legacy/build/pdf.worker.mjs';
