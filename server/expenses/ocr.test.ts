import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { HttpProblem } from '../problem.ts';
import { createOcrReader } from './ocr.ts';

// The reader's failure handling with stand-in reader processes (test-readers/): a hang costs one
// scan its time limit, a crash is a 503 the next scan recovers from, and a full queue is a 503.
const script = (name: string) => fileURLToPath(new URL(`./test-readers/${name}.mjs`, import.meta.url));
const failure = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(HttpProblem);
  const problem = error as HttpProblem;
  return { status: problem.status, code: problem.code, field: problem.errors?.[0]?.code };
};

describe('the receipt reader process', () => {
  it('answers 422 no_text when a scan hangs, kills that reader, and keeps the event loop free meanwhile', async () => {
    const reader = createOcrReader({ script: script('hang'), timeoutMs: 300 });
    let ticks = 0;
    const timer = setInterval(() => ticks++, 10);
    expect(await failure(reader.read(Buffer.from('image')))).toEqual({ status: 422, code: 'business_rule', field: 'no_text' });
    clearInterval(timer);
    expect(ticks).toBeGreaterThan(5);
    await reader.close();
  });

  it('answers 503 ocr_busy when the reader crashes, and the next scan gets a new reader', async () => {
    const reader = createOcrReader({ script: script('crash'), timeoutMs: 5_000 });
    expect(await failure(reader.read(Buffer.from('image')))).toEqual({ status: 503, code: 'ocr_busy', field: undefined });
    expect(await failure(reader.read(Buffer.from('image')))).toEqual({ status: 503, code: 'ocr_busy', field: undefined });
    await reader.close();
    const healthy = createOcrReader({ script: script('echo') });
    expect((await healthy.read(Buffer.from('12345'))).lines).toEqual([{ text: 'image bytes 5', confidence: 90 }]);
    expect((await healthy.read(Buffer.from('%PDF-1.4'), 'pdf')).lines).toEqual([{ text: 'pdf bytes 8', confidence: 90 }]);
    await healthy.close();
  });

  it('runs one scan at a time and refuses past its queue with 503 ocr_busy', async () => {
    const reader = createOcrReader({ script: script('hang'), timeoutMs: 400, queueLimit: 1 });
    const first = reader.read(Buffer.from('a'));
    const second = reader.read(Buffer.from('b'));
    expect(reader.pending).toBe(2);
    expect(await failure(reader.read(Buffer.from('c')))).toEqual({ status: 503, code: 'ocr_busy', field: undefined });
    expect((await failure(first)).status).toBe(422);
    expect((await failure(second)).status).toBe(422);
    await reader.close();
  });

  it('keeps one warm reader between scans, and a crash of the warm reader is a 503 the next scan recovers from with a new one', async () => {
    const reader = createOcrReader({ script: script('flaky'), timeoutMs: 5_000 });
    const pid = async (text: string) => (await reader.read(Buffer.from(text))).lines[0]!.text;
    const first = await pid('ticket');
    expect(first).toMatch(/^pid \d+$/);
    expect(await pid('ticket')).toBe(first);
    expect(await failure(reader.read(Buffer.from('crash')))).toEqual({ status: 503, code: 'ocr_busy', field: undefined });
    const second = await pid('ticket');
    expect(second).toMatch(/^pid \d+$/);
    expect(second).not.toBe(first);
    expect(await pid('ticket')).toBe(second);
    await reader.close();
  });

  it('answers 422 unreadable_pdf for a PDF the reader refuses, and keeps that reader', async () => {
    const reader = createOcrReader({ script: script('flaky'), timeoutMs: 5_000 });
    const before = (await reader.read(Buffer.from('ticket'))).lines[0]!.text;
    expect(await failure(reader.read(Buffer.from('bad pdf'), 'pdf'))).toEqual({ status: 422, code: 'business_rule', field: 'unreadable_pdf' });
    expect((await reader.read(Buffer.from('ticket'))).lines[0]!.text).toBe(before);
    await reader.close();
  });

  it('replaces the warm reader after its share of scans, when it grew too big, and after a while idle', async () => {
    const reader = createOcrReader({ script: script('flaky'), maxScans: 2, maxRssMb: 500, idleMs: 200 });
    const pid = async (text = 'ticket') => (await reader.read(Buffer.from(text))).lines[0]!.text;
    const a = await pid();
    expect(await pid()).toBe(a);
    const b = await pid(); // the first reader served its 2 scans
    expect(b).not.toBe(a);
    const c = await pid('grow'); // answers, reporting 2000 MB
    expect(c).toBe(b);
    const d = await pid();
    expect(d).not.toBe(c);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(await pid()).not.toBe(d);
    await reader.close();
  });
});
