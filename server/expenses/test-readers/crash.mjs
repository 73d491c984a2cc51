// A receipt reader that dies on its first image (a crashed OCR), for server/expenses/ocr.test.ts.
process.on('message', () => process.exit(3));
process.send({ ready: true });
