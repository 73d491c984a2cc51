// A warm receipt reader that answers with its process id, dies on a file saying "crash" and refuses
// one saying "bad pdf" as the real reader refuses a damaged PDF, for server/expenses/ocr.test.ts.
process.on('message', ({ id, bytes }) => {
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString();
  if (text === 'crash') process.exit(3);
  if (text === 'bad pdf') process.send({ id, error: 'Invalid PDF structure', code: 'unreadable_pdf', rss: 40 });
  else process.send({ id, lines: [{ text: `pid ${process.pid}`, confidence: 90 }], confidence: 90, source: 'ocr', rss: text === 'grow' ? 2000 : 40 });
});
process.on('disconnect', () => process.exit(0));
process.send({ ready: true });
