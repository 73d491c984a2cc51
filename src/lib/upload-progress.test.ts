import { describe, expect, it } from 'vitest';
import { fileToBase64, imageTypeOf, progressFetch } from './upload-progress';

/** A stand-in XMLHttpRequest that "sends" the body in two chunks and answers 201 with JSON. */
class FakeXhr {
  static last: FakeXhr | undefined;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  sent: unknown;
  responseType = '';
  status = 0;
  statusText = '';
  response: unknown = null;
  upload: { onprogress?: (event: { lengthComputable: boolean; loaded: number; total: number }) => void; onload?: () => void } = {};
  onload?: () => void;
  onerror?: () => void;
  ontimeout?: () => void;
  onabort?: () => void;
  constructor(private readonly lengthComputable = true) {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(key: string, value: string) {
    this.headers[key] = value;
  }
  getAllResponseHeaders() {
    return 'content-type: application/json\r\nx-request-id: abc\r\n';
  }
  abort() {
    this.onabort?.();
  }
  send(body: ArrayBuffer | null) {
    this.sent = body;
    const total = body?.byteLength ?? 0;
    this.upload.onprogress?.({ lengthComputable: this.lengthComputable, loaded: total / 2, total });
    this.upload.onprogress?.({ lengthComputable: this.lengthComputable, loaded: total, total });
    this.upload.onload?.();
    this.status = 201;
    this.statusText = 'Created';
    this.response = new Blob([JSON.stringify({ ok: true })], { type: 'application/json' });
    this.onload?.();
  }
}

describe('progressFetch', () => {
  it('sends the request through XHR with its headers and body, reports the bytes sent and answers a Response', async () => {
    const seen: Array<number | null> = [];
    const fetchWithProgress = progressFetch((fraction) => seen.push(fraction), () => new FakeXhr() as unknown as XMLHttpRequest);
    const response = await fetchWithProgress('http://127.0.0.1/v1/assets', {
      method: 'POST',
      headers: { authorization: 'Bearer t', 'content-type': 'application/json' },
      body: JSON.stringify({ payload: 'AAAA' }),
    });
    const xhr = FakeXhr.last!;
    expect([xhr.method, xhr.url, xhr.headers.authorization]).toEqual(['POST', 'http://127.0.0.1/v1/assets', 'Bearer t']);
    expect(new TextDecoder().decode(xhr.sent as ArrayBuffer)).toBe('{"payload":"AAAA"}');
    expect(seen).toEqual([0.5, 1, 1]);
    expect(response.status).toBe(201);
    expect(response.headers.get('x-request-id')).toBe('abc');
    expect(await response.json()).toEqual({ ok: true });
  });

  it('reports null (indeterminate) when the browser cannot tell the total', async () => {
    const seen: Array<number | null> = [];
    await progressFetch((fraction) => seen.push(fraction), () => new FakeXhr(false) as unknown as XMLHttpRequest)('http://127.0.0.1/x', { method: 'POST', body: 'abc' });
    expect(seen).toEqual([null, null, 1]);
  });
});

describe('images in the browser', () => {
  it('reads a file as plain base64', async () => {
    expect(await fileToBase64(new Blob([Uint8Array.from([0xff, 0xd8, 0xff, 0x00])]))).toBe('/9j/AA==');
  });

  it('accepts JPEG, PNG and WebP only', () => {
    expect(['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'text/plain', ''].map((type) => imageTypeOf({ type }) ?? null)).toEqual([
      'image/jpeg',
      'image/png',
      'image/webp',
      null,
      null,
      null,
    ]);
  });
});
