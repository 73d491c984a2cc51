// A receipt reader that starts and then never answers (a stuck OCR), for server/expenses/ocr.test.ts.
process.on('message', () => {});
process.on('disconnect', () => process.exit(0));
process.send({ ready: true });
