import QRCode from 'qrcode';
import type { RouteHandlers } from '../../generated/fastify.gen.ts';
import { isUniqueViolation, violatedConstraint } from '../db/errors.ts';
import type { Queryable } from '../db/database.ts';
import type { HandlerDeps } from '../kit/context.ts';
import { listPage } from '../kit/pages.ts';
import { escapeLike } from '../kit/sql.ts';
import { idempotencyKeyOf, idempotent, updateVersioned } from '../kit/write-rules.ts';
import { notFound } from '../problem.ts';
import { authorize } from '../tenancy/roles.ts';
import { bookingUrl, dailyScans, findQrRow, newCode, payloadOf, QR_COLUMNS, toQrCode } from './repository.ts';
import { scanCounterOf } from './scan-counter.ts';
import { checkQrInput, redirects } from './rules.ts';

type Handlers = Pick<RouteHandlers, 'listQrCodes' | 'createQrCode' | 'getQrCode' | 'updateQrCode' | 'deleteQrCode' | 'getQrCodeImage'>;

async function bookingUrlOf(tx: Queryable, tenantId: string, publicUrl: string): Promise<string | null> {
  const { rows } = await tx.query<{ booking_slug: string | null }>('SELECT booking_slug FROM tenants WHERE id = $1', [tenantId]);
  return bookingUrl(publicUrl, rows[0]?.booking_slug);
}

/** How a QR code is drawn: error correction M (what EPC069-12 asks for; survives a smudge), a 4-module quiet zone. */
const drawing = (row: { foreground_color: string; background_color: string }) => ({
  errorCorrectionLevel: 'M' as const,
  margin: 4,
  color: { dark: `${row.foreground_color}ff`, light: `${row.background_color}ff` },
});

/**
 * QR codes (issue 19): printable codes of a business. The kinds that redirect encode the short link
 * /q/{code} (server/plugins/qr-redirect.ts), which counts scans (./scan-counter.ts) and can be re-pointed (updateQrCode)
 * without reprinting; Wi-Fi and payment codes encode their text. Lists carry the image's address
 * (getQrCodeImage), never the image.
 */
export function qrCodeHandlers({ db, config }: HandlerDeps): Handlers {
  const publicUrl = config.publicUrl;
  return {
    async listQrCodes(request, reply) {
      const { tenantId } = request.params;
      await authorize(db, request, tenantId, 'qrCodes', 'read');
      await scanCounterOf(db).settled(); // the scans just answered by /q/ are in the figures
      const { limit = 50, offset = 0, q } = request.query ?? {};
      const text = q?.trim() ? `%${escapeLike(q.trim().toLowerCase())}%` : null;
      const page = await db.withTenant(tenantId, (tx) =>
        listPage(
          tx,
          {
            select: QR_COLUMNS,
            from: 'qr_codes q',
            where: `q.tenant_id = $1 AND q.deleted_at IS NULL AND ($2::text IS NULL OR lower(q.name) LIKE $2 ESCAPE '\\')`,
            orderBy: 'q.created_at DESC, q.id',
            params: [tenantId, text],
            limit,
            offset,
          },
          (row) => toQrCode(row, publicUrl),
        ),
      );
      return reply.code(200).send(page);
    },

    async createQrCode(request, reply) {
      const { tenantId } = request.params;
      await authorize(db, request, tenantId, 'qrCodes', 'write');
      const input = request.body.qrCode;
      // A fresh code collides with an existing one about never (62^8); if it does, the create is tried again.
      for (let attempt = 0; ; attempt++) {
        try {
          const stored = await db.withTenant(tenantId, (tx) =>
            idempotent(tx, tenantId, idempotencyKeyOf(request), 'createQrCode', request.body, async () => {
              const checked = checkQrInput('/qrCode', input.kind, input, await bookingUrlOf(tx, tenantId, publicUrl));
              const { rows } = await tx.query(
                `INSERT INTO qr_codes (tenant_id, code, name, kind, target_url, wifi, payment, foreground_color, background_color)
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
                [
                  tenantId,
                  redirects(input.kind) ? newCode() : null,
                  checked.name,
                  input.kind,
                  checked.targetUrl,
                  checked.wifi ? JSON.stringify(checked.wifi) : null,
                  checked.payment ? JSON.stringify(checked.payment) : null,
                  checked.foregroundColor,
                  checked.backgroundColor,
                ],
              );
              const row = await findQrRow(tx, tenantId, rows[0]!.id as string);
              return { status: 201, body: { qrCode: toQrCode(row!, publicUrl) } };
            }),
          );
          return reply.code(201).send(stored.body);
        } catch (error) {
          if (attempt < 3 && isUniqueViolation(error) && violatedConstraint(error) === 'qr_codes_code_key') continue;
          throw error;
        }
      }
    },

    async getQrCode(request, reply) {
      const { tenantId, id } = request.params;
      await authorize(db, request, tenantId, 'qrCodes', 'read');
      await scanCounterOf(db).settled(); // the scans just answered by /q/ are in the figures
      const body = await db.withTenant(tenantId, async (tx) => {
        const row = await findQrRow(tx, tenantId, id);
        if (!row) throw notFound('No QR code has this id.');
        return { qrCode: toQrCode(row, publicUrl), dailyScans: await dailyScans(tx, tenantId, id) };
      });
      return reply.code(200).send(body);
    },

    async updateQrCode(request, reply) {
      const { tenantId, id } = request.params;
      await authorize(db, request, tenantId, 'qrCodes', 'write');
      await scanCounterOf(db).settled(); // the scans just answered by /q/ are in the figures
      const input = request.body.qrCode;
      const qrCode = await db.withTenant(tenantId, async (tx) => {
        const current = await findQrRow(tx, tenantId, id);
        if (!current) throw notFound('No QR code has this id.');
        const checked = checkQrInput('/qrCode', current.kind as never, input, await bookingUrlOf(tx, tenantId, publicUrl));
        await updateVersioned(tx, 'qr_codes', { tenantId, id }, () =>
          tx.query(
            `UPDATE qr_codes SET name = $4, target_url = $5, wifi = $6, payment = $7, foreground_color = $8, background_color = $9,
                    version = version + 1
              WHERE tenant_id = $1 AND id = $2 AND version = $3 AND deleted_at IS NULL
              RETURNING id`,
            [
              tenantId,
              id,
              input.version,
              checked.name,
              checked.targetUrl,
              checked.wifi ? JSON.stringify(checked.wifi) : null,
              checked.payment ? JSON.stringify(checked.payment) : null,
              checked.foregroundColor,
              checked.backgroundColor,
            ],
          ),
        );
        return toQrCode((await findQrRow(tx, tenantId, id))!, publicUrl);
      });
      return reply.code(200).send({ qrCode });
    },

    async deleteQrCode(request, reply) {
      const { tenantId, id } = request.params;
      await authorize(db, request, tenantId, 'qrCodes', 'delete');
      await db.withTenant(tenantId, async (tx) => {
        // The row stays (deleted_at) so that /q/{code} can answer 410 Gone to printed copies.
        const { rows } = await tx.query(
          'UPDATE qr_codes SET deleted_at = now(), version = version + 1 WHERE tenant_id = $1 AND id = $2 AND deleted_at IS NULL RETURNING 1',
          [tenantId, id],
        );
        if (rows.length === 0) throw notFound('No QR code has this id.');
      });
      return reply.code(204).send();
    },

    async getQrCodeImage(request, reply) {
      const { tenantId, id } = request.params;
      await authorize(db, request, tenantId, 'qrCodes', 'read');
      const { format = 'svg', size = 1024 } = request.query ?? {};
      const row = await db.withTenant(tenantId, (tx) => findQrRow(tx, tenantId, id));
      if (!row) throw notFound('No QR code has this id.');
      const text = payloadOf(row, publicUrl);
      const colours = { foreground_color: row.foreground_color as string, background_color: row.background_color as string };
      reply.header('cache-control', 'private, no-cache');
      if (format === 'png') {
        const png = await QRCode.toBuffer(text, { ...drawing(colours), type: 'png', width: size });
        // The generated reply type knows only JSON bodies; this one is the image's bytes.
        return reply.code(200).type('image/png').send(png as never);
      }
      const svg = await QRCode.toString(text, { ...drawing(colours), type: 'svg' });
      return reply.code(200).type('image/svg+xml').send(svg as never);
    },
  };
}
