/** Saves `text` as a file named `fileName` (a CSV or JSON export) through a temporary link. */
export function downloadText(fileName: string, mediaType: string, text: string): void {
  // A byte-order mark makes spreadsheet programs read UTF-8 CSV correctly (accents in names).
  const parts = mediaType === 'text/csv' ? ['\ufeff', text] : [text];
  downloadBlob(fileName, new Blob(parts, { type: `${mediaType};charset=utf-8` }));
}

/** Saves a downloaded file as it came (a streamed CSV already carries its byte-order mark). */
export function downloadBlob(fileName: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked once the browser has surely started the download (a large CSV can take a moment).
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
