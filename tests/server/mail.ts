// Reading the e-mails the server sends in tests: an in-process SMTP server (smtp-server) that keeps
// every message, and a small MIME reader (headers, encoded words, quoted-printable and base64 parts).
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  raw: string;
  envelopeTo: string[];
  messageId: string;
  subject: string;
  to: string;
  text: string;
  html: string;
  /** The .ics attachment (or the text/calendar alternative). */
  ics: string;
  headers: Map<string, string>;
}

export interface TestSmtp {
  url: string;
  received: ReceivedMail[];
  /** Refuse the next `n` messages with a temporary 451 error. */
  failNext(n: number): void;
  close(): Promise<void>;
}

export async function startTestSmtp(): Promise<TestSmtp> {
  const received: ReceivedMail[] = [];
  let failures = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (failures > 0) {
          failures--;
          return callback(Object.assign(new Error('Try again later'), { responseCode: 451 }));
        }
        received.push(parseMail(Buffer.concat(chunks).toString('utf8'), session.envelope.rcptTo.map((r) => r.address)));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.server.address() as { port: number };
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    failNext: (n) => {
      failures = n;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function decodeWords(value: string): string {
  return value.replace(/=\?utf-8\?([QB])\?([^?]*)\?=\s*/gi, (_m, enc: string, text: string) =>
    enc.toUpperCase() === 'B'
      ? Buffer.from(text, 'base64').toString('utf8')
      : Buffer.from(text.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_x, h: string) => String.fromCharCode(parseInt(h, 16))), 'latin1').toString('utf8'),
  );
}

function splitHead(part: string): [Map<string, string>, string] {
  const at = part.search(/\r?\n\r?\n/);
  const head = at < 0 ? part : part.slice(0, at);
  const body = at < 0 ? '' : part.slice(at).replace(/^\r?\n\r?\n/, '');
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return [headers, body];
}

function decodeBody(body: string, encoding: string | undefined): string {
  if (encoding?.toLowerCase() === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding?.toLowerCase() === 'quoted-printable') {
    const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_x, h: string) => String.fromCharCode(parseInt(h, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return body;
}

/** Leaf parts of a MIME message: [content-type, decoded body]. */
function leaves(headers: Map<string, string>, body: string): Array<[string, string]> {
  const type = headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (!type.toLowerCase().startsWith('multipart/') || !boundary) return [[type, decodeBody(body, headers.get('content-transfer-encoding'))]];
  return body
    .split(`--${boundary}`)
    .slice(1)
    .filter((part) => !part.startsWith('--'))
    .flatMap((part) => {
      const [h, b] = splitHead(part.replace(/^\r?\n/, ''));
      return leaves(h, b.replace(/\r?\n$/, ''));
    });
}

export function parseMail(raw: string, envelopeTo: string[] = []): ReceivedMail {
  const [headers, body] = splitHead(raw);
  const parts = leaves(headers, body);
  const find = (prefix: string) => parts.find(([type]) => type.toLowerCase().startsWith(prefix))?.[1] ?? '';
  return {
    raw,
    envelopeTo,
    headers,
    messageId: headers.get('message-id') ?? '',
    subject: decodeWords(headers.get('subject') ?? ''),
    to: headers.get('to') ?? '',
    text: find('text/plain'),
    html: find('text/html'),
    ics: find('application/ics') || find('text/calendar'),
  };
}
