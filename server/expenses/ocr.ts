import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { HttpProblem } from '../problem.ts';
import type { OcrLine } from './receipt-parser.ts';

/**
 * The receipt reader: OCR off the request thread, in a child process (ocr-child.mjs) started on the
 * first scan and kept warm between scans (the language data is loaded once). It prepares the file
 * itself (sharp, pdfjs-dist for a PDF; at a lower CPU priority when `niceness` says so), so the
 * server's event loop only hands the stored bytes over. One scan at a time (2 cores are shared with the API),
 * a short queue behind it, a time limit per scan; a scan over its limit or a crashed reader kills the
 * process (the next scan starts a new one), so the API keeps answering whatever the file does to
 * tesseract or pdfjs. The warm process is recycled after `maxScans` scans, when its memory passes
 * `maxRssMb`, and after `idleMs` without scans.
 *
 * Refusals: a full queue or a reader that failed → 503 `ocr_busy` with Retry-After (transient);
 * a time-out or no text → 422 `no_text`, a PDF that cannot be opened → 422 `unreadable_pdf` (this
 * file will not read better).
 */

export interface OcrResult {
  lines: OcrLine[];
  /** 0..100 */
  confidence: number;
  /** Where the lines come from: a PDF's text layer, or OCR of an image or a rendered page. */
  source: 'text' | 'ocr';
}

/** What a receipt file is: a photo (JPEG, PNG, WebP) or a PDF. */
export type ReceiptKind = 'image' | 'pdf';

export interface OcrReader {
  read(file: Buffer, kind?: ReceiptKind): Promise<OcrResult>;
  /** Scans waiting or running. */
  readonly pending: number;
  close(): Promise<void>;
}

export interface OcrOptions {
  /** Time limit of one scan once the reader is up (default 20 s; starting the reader has 30 s or this, whichever is longer). */
  timeoutMs?: number;
  /** Scans that may wait behind the running one (default 3). */
  queueLimit?: number;
  /** The child script (tests give a misbehaving one). */
  script?: string;
  /** Seconds in Retry-After (default 5). */
  retryAfterSeconds?: number;
  /** Scans one warm process serves before it is replaced (default 200). */
  maxScans?: number;
  /** Resident memory (MB) of the process past which it is replaced after its scan (default 700). */
  maxRssMb?: number;
  /** Idle time after which the warm process is stopped (default 10 min). */
  idleMs?: number;
  /**
   * CPU niceness of the process (default CITA_OCR_NICENESS, else 0: the server's priority). Measured
   * on the shared 2-core machine (npm run bench, ocr rows): 5 or 10 made scans 1.5-2.9x the floor
   * without a steadier /healthz, since the reader is one thread and leaves the API the other core.
   */
  niceness?: number;
}

const DEFAULT_SCRIPT = fileURLToPath(new URL('./ocr-child.mjs', import.meta.url));
/** Longest side the reader gets (ocr-child.mjs prepares images and rendered pages to it). */
export const OCR_SIDE_PX = 1600;

/** 503 ocr_busy; the handler sends Retry-After (`retryAfterSeconds`). */
export class OcrBusy extends HttpProblem {
  constructor(readonly retryAfterSeconds: number) {
    super(503, 'The receipt reader is busy; try again in a few seconds.', 'ocr_busy', undefined, { retryable: true });
  }
}
export const ocrBusy = (retryAfterSeconds: number) => new OcrBusy(retryAfterSeconds);
export const noText = (detail = 'No receipt text could be read in this image. Take the photo again, flat and well lit, or fill in the expense by hand.') =>
  new HttpProblem(422, detail, 'business_rule', [{ field: '/assetId', code: 'no_text', message: detail }]);
const unreadablePdf = () => {
  const detail = 'This PDF could not be opened; it may be damaged or protected. Upload a photo of the receipt instead.';
  return new HttpProblem(422, detail, 'business_rule', [{ field: '/assetId', code: 'unreadable_pdf', message: detail }]);
};

/** The refusal for a child's error code. */
function refusalOf(code: string | undefined): HttpProblem {
  if (code === 'unreadable_pdf') return unreadablePdf();
  if (code === 'unreadable_image') return noText('The receipt image could not be read; it may be damaged.');
  return noText();
}

interface Job {
  file: Buffer;
  kind: ReceiptKind;
  resolve: (result: OcrResult) => void;
  reject: (error: unknown) => void;
}

interface ChildAnswer {
  id?: number;
  lines?: OcrLine[];
  confidence?: number;
  source?: 'text' | 'ocr';
  error?: string;
  code?: string;
  /** The process's resident memory after the scan, MB. */
  rss?: number;
}

export function createOcrReader(options: OcrOptions = {}): OcrReader {
  const timeoutMs = options.timeoutMs ?? 20_000;
  const queueLimit = options.queueLimit ?? 3;
  const retryAfter = options.retryAfterSeconds ?? 5;
  const script = options.script ?? DEFAULT_SCRIPT;
  const maxScans = options.maxScans ?? 200;
  const maxRssMb = options.maxRssMb ?? 700;
  const idleMs = options.idleMs ?? 10 * 60_000;
  const niceness = options.niceness ?? Number(process.env.CITA_OCR_NICENESS ?? 0);
  const queue: Job[] = [];
  let running: Job | undefined;
  let child: ChildProcess | undefined;
  let ready: Promise<void> | undefined;
  let scansByChild = 0;
  let idleTimer: NodeJS.Timeout | undefined;
  let nextId = 1;
  let closed = false;

  function stop() {
    const current = child;
    child = undefined;
    ready = undefined;
    if (current && current.exitCode === null && current.signalCode === null) current.kill('SIGKILL');
  }

  function start(): Promise<void> {
    if (ready && child) return ready;
    scansByChild = 0;
    const process_ = fork(script, [], {
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
      // Buffers cross as they are (structured clone), not as base64 text inside JSON.
      serialization: 'advanced',
      // Not the server's flags (a TypeScript loader in development): the reader is plain JavaScript.
      execArgv: ['--max-old-space-size=512'],
      env: { ...process.env, CITA_OCR_NICENESS: String(niceness) },
    });
    process_.stderr?.resume();
    // The reader never keeps the server's process alive on its own (a server closing, a test ending).
    process_.unref();
    (process_.channel as { unref?: () => void } | undefined)?.unref?.();
    child = process_;
    ready = new Promise<void>((resolve, reject) => {
      const onMessage = (message: { ready?: boolean }) => {
        if (message?.ready) {
          process_.off('message', onMessage);
          resolve();
        }
      };
      process_.on('message', onMessage);
      process_.once('exit', () => reject(new Error('the receipt reader exited while starting')));
      process_.once('error', reject);
    });
    ready.catch(() => undefined);
    process_.once('exit', () => {
      if (child === process_) {
        child = undefined;
        ready = undefined;
      }
    });
    return ready;
  }

  async function run(job: Job): Promise<OcrResult> {
    const id = nextId++;
    let timer: NodeJS.Timeout | undefined;
    let stuck = false;
    // Starting the reader (loading the language data, a few seconds) has its own limit; the scan's
    // limit counts from when the file is handed over.
    const limit = (ms: number, error: () => HttpProblem) =>
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => {
          stuck = true;
          reject(error());
        }, ms);
      });
    try {
      await Promise.race([
        start().catch(() => {
          throw ocrBusy(retryAfter);
        }),
        limit(Math.max(timeoutMs, 30_000), () => ocrBusy(retryAfter)),
      ]);
      clearTimeout(timer);
      const current = child;
      if (!current) throw ocrBusy(retryAfter);
      scansByChild++;
      const answer = new Promise<OcrResult>((resolve, reject) => {
        const onMessage = (message: ChildAnswer) => {
          if (message?.id !== id) return;
          cleanup();
          // A process that grew too much, or served its share of scans, is replaced before the next one.
          if ((message.rss ?? 0) > maxRssMb || scansByChild >= maxScans) stop();
          if (message.error !== undefined || !message.lines) reject(refusalOf(message.code));
          else resolve({ lines: message.lines, confidence: message.confidence ?? 0, source: message.source ?? 'ocr' });
        };
        const onExit = () => {
          cleanup();
          reject(ocrBusy(retryAfter));
        };
        const cleanup = () => {
          current.off('message', onMessage);
          current.off('exit', onExit);
        };
        current.on('message', onMessage);
        current.once('exit', onExit);
        current.send({ id, kind: job.kind, bytes: job.file });
      });
      return await Promise.race([
        answer,
        limit(timeoutMs, () => noText('Reading this receipt took too long. Take the photo again, closer and flat, or fill in the expense by hand.')),
      ]);
    } catch (error) {
      // A time-out or a crash: the reader may be stuck, start a fresh one for the next scan. A
      // refusal the reader answered (an unreadable file) leaves it running.
      if (stuck || error instanceof OcrBusy) stop();
      throw error;
    } finally {
      clearTimeout(timer);
    }
  }

  function pump() {
    if (running || closed) return;
    const job = queue.shift();
    if (!job) {
      // Nothing to read: the warm process goes after a while without scans.
      clearTimeout(idleTimer);
      if (child) idleTimer = setTimeout(stop, idleMs).unref();
      return;
    }
    clearTimeout(idleTimer);
    running = job;
    run(job)
      .then(job.resolve, job.reject)
      .finally(() => {
        running = undefined;
        pump();
      });
  }

  return {
    get pending() {
      return queue.length + (running ? 1 : 0);
    },
    read(file, kind = 'image') {
      if (closed || queue.length >= queueLimit) return Promise.reject(ocrBusy(retryAfter));
      return new Promise<OcrResult>((resolve, reject) => {
        queue.push({ file, kind, resolve, reject });
        pump();
      });
    },
    async close() {
      closed = true;
      clearTimeout(idleTimer);
      for (const job of queue.splice(0)) job.reject(ocrBusy(retryAfter));
      stop();
    },
  };
}
