/**
 * Upload progress for the generated client: `fetch` cannot report how much of a request body has
 * been sent, XMLHttpRequest can. `progressFetch` is a fetch over XHR that the generated SDK accepts
 * per call (`mutateAsync({ ..., fetch: progressFetch(onProgress) })`); the client's interceptors
 * (Bearer token, 401 → login) still run, since they work on the Request before fetch is called.
 */

/** A fraction from 0 to 1, or null when the browser cannot tell the total (show an indeterminate state). */
export type UploadProgress = (fraction: number | null) => void;

const NULL_BODY_STATUSES = new Set([101, 204, 205, 304]);

function parseHeaders(raw: string): Headers {
  const headers = new Headers();
  for (const line of raw.trim().split(/[\r\n]+/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.append(line.slice(0, colon).trim(), line.slice(colon + 1).trim());
  }
  return headers;
}

export function progressFetch(onProgress: UploadProgress, createXhr: () => XMLHttpRequest = () => new XMLHttpRequest()): typeof fetch {
  return async (input, init) => {
    const request = new Request(input, init);
    const body = request.body ? await request.arrayBuffer() : null;
    return new Promise<Response>((resolve, reject) => {
      const xhr = createXhr();
      xhr.open(request.method, request.url);
      request.headers.forEach((value, key) => xhr.setRequestHeader(key, value));
      xhr.responseType = 'blob';
      xhr.upload.onprogress = (event) => onProgress(event.lengthComputable && event.total > 0 ? Math.min(1, event.loaded / event.total) : null);
      xhr.upload.onload = () => onProgress(1);
      xhr.onload = () => {
        const headers = parseHeaders(xhr.getAllResponseHeaders());
        const responseBody = NULL_BODY_STATUSES.has(xhr.status) ? null : (xhr.response as Blob | null);
        resolve(new Response(responseBody, { status: xhr.status, statusText: xhr.statusText, headers }));
      };
      xhr.onerror = () => reject(new TypeError('Network request failed'));
      xhr.ontimeout = () => reject(new TypeError('Network request timed out'));
      xhr.onabort = () => reject(new DOMException('The upload was aborted.', 'AbortError'));
      if (request.signal.aborted) return xhr.abort();
      request.signal.addEventListener('abort', () => xhr.abort(), { once: true });
      xhr.send(body);
    });
  };
}

/** A file's bytes as standard base64 (what POST /v1/assets takes). */
export async function fileToBase64(file: Blob): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  const CHUNK = 0x8000;
  for (let i = 0; i < bytes.length; i += CHUNK) binary += String.fromCharCode(...bytes.subarray(i, i + CHUNK));
  return btoa(binary);
}

/** Image types the server accepts (it checks the content; this only spares a pointless upload). */
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export type ImageType = (typeof IMAGE_TYPES)[number];
/** The server's upload limit (server/assets/images.ts MAX_UPLOAD_BYTES). */
export const MAX_IMAGE_BYTES = 15 * 1024 * 1024;

/** A PDF, accepted only where a receipt is uploaded (expenses), at most MAX_PDF_BYTES (server/assets/images.ts). */
export const PDF_TYPE = 'application/pdf';
export const MAX_PDF_BYTES = 5 * 1024 * 1024;

export function imageTypeOf(file: { type: string }): ImageType | undefined {
  return (IMAGE_TYPES as readonly string[]).includes(file.type) ? (file.type as ImageType) : undefined;
}
