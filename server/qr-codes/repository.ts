import { randomBytes } from 'node:crypto';
import type { QrCode, QrCodeKind, QrDailyScans, QrPayment, QrWifi } from '../../generated/types.gen.ts';
import type { Queryable } from '../db/database.ts';
import { iso, json, opt, type Row } from '../kit/rows.ts';
import { epcPayload, redirects, wifiPayload } from './rules.ts';

/** The columns a QR code is answered from, with its business's booking address (a BOOKING code follows it). */
export const QR_COLUMNS = `q.*, (SELECT t.booking_slug FROM tenants t WHERE t.id = q.tenant_id) AS booking_slug`;

/** The booking page of a business on the public address. */
export const bookingUrl = (publicUrl: string, slug: string | null | undefined) => (slug ? `${publicUrl}/book/${encodeURIComponent(slug)}` : null);

/** Where the SPA (and a print shop) downloads the image: getQrCodeImage. */
export const qrImagePath = (tenantId: string, id: string) => `/v1/${tenantId}/qrs/${id}/image`;

/** The short link of a code. */
export const shortUrl = (publicUrl: string, code: string) => `${publicUrl}/q/${code}`;

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A fresh short code: 8 characters of 62 (47 bits), unbiased, from the CSPRNG. */
export function newCode(): string {
  let code = '';
  while (code.length < 8) {
    for (const byte of randomBytes(16)) {
      if (byte < 248 && code.length < 8) code += ALPHABET[byte % 62];
    }
  }
  return code;
}

/** What the code encodes. */
export function payloadOf(row: Row, publicUrl: string): string {
  const kind = row.kind as QrCodeKind;
  if (redirects(kind)) return shortUrl(publicUrl, row.code as string);
  if (kind === 'QR_CODE_KIND_WIFI') return wifiPayload(json<QrWifi>(row.wifi));
  return epcPayload(json<QrPayment>(row.payment));
}

export function toQrCode(row: Row, publicUrl: string): QrCode {
  const tenantId = row.tenant_id as string;
  const id = row.id as string;
  const kind = row.kind as QrCodeKind;
  const target = (row.target_url as string | null) ?? (kind === 'QR_CODE_KIND_BOOKING' ? bookingUrl(publicUrl, row.booking_slug as string | null) : null);
  return {
    id,
    tenantId,
    name: row.name as string,
    kind,
    ...opt('code', row.code as string | null),
    ...opt('targetUrl', target),
    ...opt('wifi', row.wifi ? json<QrWifi>(row.wifi) : null),
    ...opt('payment', row.payment ? json<QrPayment>(row.payment) : null),
    foregroundColor: row.foreground_color as string,
    backgroundColor: row.background_color as string,
    payload: payloadOf(row, publicUrl),
    scanCount: Number(row.scan_count),
    ...opt('lastScannedAt', row.last_scanned_at ? iso(row.last_scanned_at) : null),
    imageUrl: qrImagePath(tenantId, id),
    version: Number(row.version),
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

export async function findQrRow(tx: Queryable, tenantId: string, id: string): Promise<Row | undefined> {
  const { rows } = await tx.query<Row>(`SELECT ${QR_COLUMNS} FROM qr_codes q WHERE q.tenant_id = $1 AND q.id = $2 AND q.deleted_at IS NULL`, [tenantId, id]);
  return rows[0];
}

/** The last 90 days with scans, oldest first (days in the business's time zone, as counted). */
export async function dailyScans(tx: Queryable, tenantId: string, id: string): Promise<QrDailyScans[]> {
  const { rows } = await tx.query<{ day: string; count: number }>(
    `SELECT to_char(s.day, 'YYYY-MM-DD') AS day, s.count FROM qr_code_scans s
      WHERE s.tenant_id = $1 AND s.qr_id = $2
        AND s.day > (SELECT (now() AT TIME ZONE t.time_zone)::date - 90 FROM tenants t WHERE t.id = $1)
      ORDER BY s.day`,
    [tenantId, id],
  );
  return rows.map((row) => ({ day: row.day, count: Number(row.count) }));
}

export type ScanResult =
  | { status: 'redirect'; kind: QrCodeKind; targetUrl: string | null; bookingSlug: string | null }
  | { status: 'gone' }
  | { status: 'unknown' };

/**
 * What /q/{code} answers: the live code's kind and target (and the business's booking address), else
 * whether it was deleted (410) or never existed (404). Only reads: the redirect counts a scan through
 * ./scan-counter.ts once it answers. Runs as the system: the code names no business.
 */
export async function scan(tx: Queryable, code: string): Promise<ScanResult> {
  const { rows } = await tx.query<{ kind: QrCodeKind; target_url: string | null; booking_slug: string | null }>(
    `SELECT q.kind, q.target_url, t.booking_slug FROM qr_codes q, tenants t
      WHERE q.code = $1 AND q.deleted_at IS NULL AND t.id = q.tenant_id AND t.status NOT IN ('TENANT_STATUS_DELETED', 'TENANT_STATUS_SUSPENDED')`,
    [code],
  );
  const hit = rows[0];
  if (hit) return { status: 'redirect', kind: hit.kind, targetUrl: hit.target_url, bookingSlug: hit.booking_slug };
  const gone = await tx.query('SELECT 1 FROM qr_codes WHERE code = $1', [code]);
  return gone.rows.length > 0 ? { status: 'gone' } : { status: 'unknown' };
}
