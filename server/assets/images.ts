import sharp from 'sharp';
import { HttpProblem } from '../problem.ts';

/** Largest accepted upload, decoded: a phone photo (12 MB) fits. */
export const MAX_UPLOAD_BYTES = 15 * 1024 * 1024;
/** Longest side of a stored image. */
export const MAX_SIDE_PX = 1600;
/** WebP quality of stored images. */
export const STORED_QUALITY = 80;
/** Decompression-bomb guard: images above this many pixels are refused before decoding. */
export const MAX_INPUT_PIXELS = 100_000_000;

export type ImageType = 'image/jpeg' | 'image/png' | 'image/webp';
/** A PDF document: accepted as a receipt (expenses), never where an image is shown. */
export const PDF_MIME_TYPE = 'application/pdf';
/** Largest accepted PDF: it is kept as uploaded (a receipt is a few hundred kB). */
export const MAX_PDF_BYTES = 5 * 1024 * 1024;

/** A PDF by its magic bytes: "%PDF-" within the first 1024 bytes, as readers allow. */
export function isPdf(bytes: Buffer): boolean {
  const at = bytes.subarray(0, 1024).indexOf('%PDF-', 0, 'latin1');
  return at >= 0;
}

/** The image type by its magic bytes (never by name or declared type), or undefined. */
export function sniffImageType(bytes: Buffer): ImageType | undefined {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (bytes.length >= 12 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') return 'image/webp';
  return undefined;
}

const invalid = (code: string, message: string) => new HttpProblem(422, message, 'business_rule', [{ field: '/payload', code, message }]);

/** Decodes standard base64 strictly: anything else is a 422 rather than silently skipped characters. */
export function decodeBase64(payload: string): Buffer {
  const bytes = Buffer.from(payload, 'base64');
  const padding = payload.endsWith('==') ? 2 : payload.endsWith('=') ? 1 : 0;
  const expected = Math.floor((payload.length * 3) / 4) - padding;
  if (payload.length % 4 !== 0 || bytes.length !== expected) throw invalid('invalid_base64', 'The payload is not valid base64.');
  return bytes;
}

export interface StoredImage {
  bytes: Buffer;
  mimeType: 'image/webp';
  width: number;
  height: number;
}

/** What is stored for an upload: a re-encoded image, or a PDF as it came (no size in pixels). */
export type StoredFile = StoredImage | { bytes: Buffer; mimeType: typeof PDF_MIME_TYPE; width?: undefined; height?: undefined };

/** The storage key's extension of a stored file. */
export const extensionOf = (mimeType: StoredFile['mimeType']) => (mimeType === PDF_MIME_TYPE ? 'pdf' : 'webp');

/**
 * Checks an upload: an image is re-encoded (processImage); a PDF is kept as it came, after its
 * magic bytes and size are checked. A PDF is only opened by the receipt reader's process
 * (server/expenses/ocr-child.mjs), never on the request thread.
 */
export async function processUpload(bytes: Buffer): Promise<StoredFile> {
  if (!sniffImageType(bytes) && isPdf(bytes)) {
    if (bytes.length > MAX_PDF_BYTES) throw new HttpProblem(413, `The PDF is larger than ${MAX_PDF_BYTES / 1024 / 1024} MB.`, 'payload_too_large');
    return { bytes, mimeType: PDF_MIME_TYPE };
  }
  return processImage(bytes);
}

/**
 * Checks an upload and re-encodes it for storage: JPEG, PNG or WebP by content; orientation applied;
 * EXIF, ICC and other metadata dropped; fit inside 1600 × 1600 px without enlarging; WebP quality 80.
 */
export async function processImage(bytes: Buffer): Promise<StoredImage> {
  if (bytes.length > MAX_UPLOAD_BYTES) {
    throw new HttpProblem(413, `The image is larger than ${MAX_UPLOAD_BYTES / 1024 / 1024} MB.`, 'payload_too_large');
  }
  if (!sniffImageType(bytes)) throw invalid('not_an_image', 'The file is not a JPEG, PNG or WebP image, nor a PDF (its content was checked, not its name).');
  let pixels: number;
  try {
    const meta = await sharp(bytes).metadata();
    pixels = (meta.width ?? 0) * (meta.height ?? 0);
  } catch {
    throw invalid('unreadable_image', 'The image could not be read; it may be damaged.');
  }
  if (pixels > MAX_INPUT_PIXELS) throw invalid('too_many_pixels', `The image has more than ${MAX_INPUT_PIXELS / 1_000_000} megapixels.`);
  try {
    const { data, info } = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .resize({ width: MAX_SIDE_PX, height: MAX_SIDE_PX, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: STORED_QUALITY })
      .toBuffer({ resolveWithObject: true });
    return { bytes: data, mimeType: 'image/webp', width: info.width, height: info.height };
  } catch {
    throw invalid('unreadable_image', 'The image could not be read; it may be damaged.');
  }
}
