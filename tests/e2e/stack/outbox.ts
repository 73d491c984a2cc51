// The e-mails the stack's server wrote to its outbox folder (no SMTP_URL: one .eml file per message).
import { expect } from '@playwright/test';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const OUTBOX = join(process.env.CITA_E2E_DATA_DIR ?? '', 'outbox');

/** The text of an .eml: headers, then every MIME part decoded (quoted-printable or base64). */
export function emlText(raw: string): string {
  const parts = raw.split(/\r?\n--[^\r\n]+\r?\n/);
  return parts
    .map((part) => {
      const split = part.search(/\r?\n\r?\n/);
      const headers = split < 0 ? part : part.slice(0, split);
      const body = split < 0 ? '' : part.slice(split).trim();
      if (/content-transfer-encoding:\s*base64/i.test(headers)) return `${headers}\n${Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')}`;
      if (/content-transfer-encoding:\s*quoted-printable/i.test(headers)) {
        const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
        return `${headers}\n${Buffer.from(bytes, 'latin1').toString('utf8')}`;
      }
      return part;
    })
    .join('\n');
}

/**
 * Waits (the worker sends every few seconds) for an e-mail whose raw or decoded text holds `needle`,
 * and returns its decoded text (emlText).
 */
export async function outboxMail(needle: string, timeout: number): Promise<string> {
  let found = '';
  await expect
    .poll(
      () => {
        let files: string[];
        try {
          files = readdirSync(OUTBOX).filter((file) => file.endsWith('.eml'));
        } catch {
          return false;
        }
        for (const file of files) {
          const raw = readFileSync(join(OUTBOX, file), 'utf8');
          const text = emlText(raw);
          if (raw.includes(needle) || text.includes(needle)) found = text;
        }
        return found !== '';
      },
      { timeout, intervals: [1000] },
    )
    .toBe(true);
  return found;
}
