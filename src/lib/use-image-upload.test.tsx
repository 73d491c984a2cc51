// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { client } from '@generated/client.gen';
import { useImageUpload } from './use-image-upload';

const TENANT = '7d1f3b2e-5a6c-4d8e-9f0a-1b2c3d4e5f60';
const ASSET = '6c8e0a2b-4d6f-4b8a-8c0e-2a4b6c8d0e2f';
const USER = '2c4e6a8b-0d1f-4a3c-8e5b-7f9a1c3e5b7d';

/** An XMLHttpRequest stand-in: answers the queued statuses in turn, reporting the body as sent. */
class ScriptedXhr {
  static statuses: number[] = [];
  static sent: Array<Record<string, string>> = [];
  headers: Record<string, string> = {};
  responseType = '';
  status = 0;
  statusText = '';
  response: unknown = null;
  upload: { onprogress?: (event: { lengthComputable: boolean; loaded: number; total: number }) => void; onload?: () => void } = {};
  onload?: () => void;
  onerror?: () => void;
  open() {}
  setRequestHeader(key: string, value: string) {
    this.headers[key.toLowerCase()] = value;
  }
  getAllResponseHeaders() {
    return 'content-type: application/json\r\n';
  }
  abort() {}
  send(body: ArrayBuffer | null) {
    ScriptedXhr.sent.push(this.headers);
    const total = body?.byteLength ?? 0;
    this.upload.onprogress?.({ lengthComputable: true, loaded: total, total });
    this.upload.onload?.();
    this.status = ScriptedXhr.statuses.shift() ?? 201;
    const asset = { id: ASSET, tenantId: TENANT, url: `/v1/tenants/${TENANT}/assets/${ASSET}`, mimeType: 'image/webp', fileName: 'x.jpg', size: 1, width: 1, height: 1, createdBy: USER, createdAt: '2026-01-01T00:00:00Z' };
    const body201 = JSON.stringify({ asset });
    const problem = JSON.stringify({ type: 'about:blank', title: 'Service Unavailable', status: this.status });
    // A string body: jsdom's Blob is not the one Node's Response reads.
    this.response = this.status === 201 ? body201 : problem;
    queueMicrotask(() => this.onload?.());
  }
}

const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={new QueryClient()}>{children}</QueryClientProvider>;

beforeEach(() => {
  client.setConfig({ baseUrl: 'http://api.test' });
  ScriptedXhr.statuses = [];
  ScriptedXhr.sent = [];
  vi.stubGlobal('XMLHttpRequest', ScriptedXhr);
  vi.useFakeTimers({ toFake: ['setTimeout'] });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('useImageUpload', () => {
  it('sends an Idempotency-Key per upload, the same one on its retries, and reports progress', async () => {
    const { result } = renderHook(() => useImageUpload(TENANT), { wrapper });
    const file = new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3])], 'x.jpg', { type: 'image/jpeg' });
    const progress: Array<number | null> = [];

    ScriptedXhr.statuses = [503, 201];
    const pending = result.current(file, (fraction) => progress.push(fraction));
    await vi.runAllTimersAsync();
    await expect(pending).resolves.toMatchObject({ id: ASSET });
    expect(ScriptedXhr.sent).toHaveLength(2);
    const [first, retry] = ScriptedXhr.sent.map((headers) => headers['idempotency-key']);
    expect(first).toMatch(/^[A-Za-z0-9_.:-]{8,128}$/);
    expect(retry).toBe(first);
    expect(progress).toContain(1);

    // Another upload: a new key.
    await result.current(file, () => {});
    expect(ScriptedXhr.sent).toHaveLength(3);
    expect(ScriptedXhr.sent[2]!['idempotency-key']).not.toBe(first);
  });
});
