import type { RouteHandlers } from '../../generated/fastify.gen.ts';
import type { AppointmentDistinction } from '../../generated/types.gen.ts';
import type { Queryable } from '../db/database.ts';
import { notFound } from '../problem.ts';
import { authorize } from '../tenancy/roles.ts';
import type { HandlerDeps } from '../kit/context.ts';
import { cleanName, uniqueName } from '../kit/names.ts';
import { listPage } from '../kit/pages.ts';
import { iso, type Row } from '../kit/rows.ts';
import { escapeLike } from '../kit/sql.ts';
import { idempotencyKeyOf, idempotent, updateVersioned } from '../kit/write-rules.ts';

type Handlers = Pick<
  RouteHandlers,
  | 'createAppointmentDistinction'
  | 'listAppointmentDistinctions'
  | 'getAppointmentDistinction'
  | 'updateAppointmentDistinction'
  | 'deleteAppointmentDistinction'
>;

/** Colours given to distinctions created without one, in turn (Mantine's palette, shade 6). */
export const DISTINCTION_PALETTE = ['#fab005', '#15aabf', '#7048e8', '#e64980', '#37b24d', '#fd7e14', '#4263eb', '#f03e3e', '#12b886', '#be4bdb'];

const SELECT = 'SELECT d.* FROM appointment_distinctions d';

export function toDistinction(row: Row): AppointmentDistinction {
  return {
    id: row.id as string,
    tenantId: row.tenant_id as string,
    distinction: row.name as string,
    color: row.color as string,
    ...(row.description === null || row.description === undefined ? {} : { description: row.description as string }),
    version: Number(row.version),
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

/** The next colour of the palette, by how many distinctions the business has. */
async function pickColor(tx: Queryable, tenantId: string): Promise<string> {
  const { rows } = await tx.query<{ n: number }>('SELECT count(*)::int AS n FROM appointment_distinctions WHERE tenant_id = $1', [tenantId]);
  return DISTINCTION_PALETTE[rows[0]!.n % DISTINCTION_PALETTE.length]!;
}

const NAME_FIELD = '/distinction/distinction';

/** The description, trimmed; undefined or blank: none (null). */
function cleanDescription(description: string | undefined): string | null {
  return description?.trim() || null;
}

const names = uniqueName({ table: 'appointment_distinctions', field: NAME_FIELD, what: 'distinction' });

const notFoundDistinction = () => notFound('No distinction has this id.');

export function distinctionHandlers({ db }: HandlerDeps): Handlers {
  return {
    async listAppointmentDistinctions(request, reply) {
      const { tenantId } = request.params;
      await authorize(db, request, tenantId, 'distinctions', 'read');
      const { limit = 50, offset = 0, q } = request.query ?? {};
      const pattern = q?.trim() ? `%${escapeLike(q.trim())}%` : null;
      const result = await db.withTenant(tenantId, (tx) =>
        listPage(
          tx,
          {
            select: 'd.*',
            from: 'appointment_distinctions d',
            where: `d.tenant_id = $1 AND ($2::text IS NULL OR cita_fold(d.name) LIKE cita_fold($2) ESCAPE '\\')`,
            orderBy: 'lower(d.name), d.id',
            params: [tenantId, pattern],
            limit,
            offset,
          },
          toDistinction,
        ),
      );
      return reply.code(200).send(result);
    },

    async createAppointmentDistinction(request, reply) {
      const { tenantId } = request.params;
      await authorize(db, request, tenantId, 'distinctions', 'write');
      const input = request.body.distinction;
      const name = cleanName(input.distinction, NAME_FIELD);
      const stored = await names.guard(() =>
        db.withTenant(tenantId, (tx) =>
          idempotent(tx, tenantId, idempotencyKeyOf(request), 'createAppointmentDistinction', request.body, async () => {
            await names.assertFree(tx, tenantId, name, null);
            const color = input.color ?? (await pickColor(tx, tenantId));
            const { rows } = await tx.query(
              'INSERT INTO appointment_distinctions (tenant_id, name, color, description) VALUES ($1, $2, $3, $4) RETURNING *',
              [tenantId, name, color.toLowerCase(), cleanDescription(input.description)],
            );
            return { status: 201, body: { distinction: toDistinction(rows[0]!) } };
          }),
        ),
      );
      return reply.code(201).send(stored.body);
    },

    async getAppointmentDistinction(request, reply) {
      const { tenantId, id } = request.params;
      await authorize(db, request, tenantId, 'distinctions', 'read');
      const row = await db.withTenant(tenantId, async (tx) => (await tx.query(`${SELECT} WHERE d.tenant_id = $1 AND d.id = $2`, [tenantId, id])).rows[0]);
      if (!row) throw notFoundDistinction();
      return reply.code(200).send({ distinction: toDistinction(row) });
    },

    async updateAppointmentDistinction(request, reply) {
      const { tenantId, id } = request.params;
      await authorize(db, request, tenantId, 'distinctions', 'write');
      const input = request.body.distinction;
      const name = cleanName(input.distinction, NAME_FIELD);
      const row = await names.guard(() =>
        db.withTenant(tenantId, async (tx) => {
          const current = await tx.query('SELECT 1 FROM appointment_distinctions WHERE tenant_id = $1 AND id = $2', [tenantId, id]);
          if (current.rows.length === 0) throw notFoundDistinction();
          await names.assertFree(tx, tenantId, name, id);
          return updateVersioned<Row>(tx, 'appointment_distinctions', { tenantId, id }, () =>
            tx.query<Row>(
              `UPDATE appointment_distinctions SET name = $4, color = coalesce($5, color), description = $6, version = version + 1
                WHERE tenant_id = $1 AND id = $2 AND version = $3 RETURNING *`,
              [tenantId, id, input.version, name, input.color?.toLowerCase() ?? null, cleanDescription(input.description)],
            ),
          );
        }),
      );
      return reply.code(200).send({ distinction: toDistinction(row) });
    },

    async deleteAppointmentDistinction(request, reply) {
      const { tenantId, id } = request.params;
      await authorize(db, request, tenantId, 'distinctions', 'delete');
      const deleted = await db.withTenant(tenantId, async (tx) => {
        // Appointments that carried it keep its colour as their own, then lose the label
        // (ON DELETE SET NULL of appointments.distinction_id).
        await tx.query(
          `UPDATE appointments a SET color = d.color FROM appointment_distinctions d
            WHERE a.tenant_id = $1 AND a.distinction_id = $2 AND a.color IS NULL AND d.tenant_id = $1 AND d.id = $2`,
          [tenantId, id],
        );
        const { rows } = await tx.query('DELETE FROM appointment_distinctions WHERE tenant_id = $1 AND id = $2 RETURNING id', [tenantId, id]);
        return rows.length > 0;
      });
      if (!deleted) throw notFoundDistinction();
      return reply.code(204).send();
    },
  };
}
