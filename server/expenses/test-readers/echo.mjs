// A receipt reader that answers at once with one line (the file's kind and size), for server/expenses/ocr.test.ts.
process.on('message', ({ id, kind, bytes }) => process.send({ id, lines: [{ text: `${kind} bytes ${bytes.byteLength}`, confidence: 90 }], confidence: 90, source: 'ocr', rss: 40 }));
process.on('disconnect', () => process.exit(0));
process.send({ ready: true });
