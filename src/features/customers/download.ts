/** Saves `text` as a file named `fileName` (a CSV or JSON export) through a temporary link. */
export function downloadText(fileName: string, mediaType: string, text: string): void {
  // A byte-order mark makes spreadsheet programs read UTF-8 CSV correctly (accents in names).
  const parts = mediaType === 'text/csv' ? ['\ufeff', text] : [text];
  const url = URL.createObjectURL(new Blob(parts, { type: `${mediaType};charset=utf-8` }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
