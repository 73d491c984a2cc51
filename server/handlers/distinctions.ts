import type { RouteHandlers } from '../../generated/fastify.gen.ts';
import type { AppointmentDistinction } from '../../generated/types.gen.ts';
import type { Queryable } from '../db/database.ts';
import { isUniqueViolation } from '../db/errors.ts';
import { HttpProblem, notFound, unprocessable } from '../problem.ts';
import { authorize } from '../tenancy/roles.ts';
import type { HandlerDeps } from './context.ts';
import { escapeLike } from './sql.ts';
import { idempotencyKeyOf, idempotent, updateVersioned } from './write-rules.ts';

type Handlers = Pick<
  RouteHandlers,
  | 'createAppointmentDistinction'
  | 'listAppointmentDistinctions'
  | 'getAppointmentDistinction'
  | 'updateAppointmentDistinction'
  | 'deleteAppointmentDistinction'
>;

type Row = Record<string, unknown>;

/** Colours given to distinctions created without one, in turn (Mantine's palette, shade 6). */
export const DISTINCTION_PALETTE = ['#fab005', '#15aabf', '#7048e8', '#e64980', '#37b24d', '#fd7e14', '#4263eb', '#f03e3e', '#12b886', '#be4bdb'];

const iso = (value: unknown) => (value instanceof Date ? value : new Date(String(value))).toISOString();

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

const duplicateName = () =>
  new HttpProblem(409, 'Another distinction already has this name.', 'duplicate_name', [
    { field: NAME_FIELD, code: 'duplicate_name', message: 'Another distinction already has this name.' },
  ]);

function cleanName(name: string): string {
  const trimmed = name.trim().replace(/\s+/g, ' ');
  if (!trimmed) throw unprocessable(NAME_FIELD, 'blank', 'Enter a name.');
  return trimmed;
}

/** The description, trimmed; undefined or blank: none (null). */
function cleanDescription(description: string | undefined): string | null {
  return description?.trim() || null;
}

async function assertNameFree(tx: Queryable, tenantId: string, name: string, exceptId: string | null) {
  const { rows } = await tx.query(
    'SELECT 1 FROM appointment_distinctions WHERE tenant_id = $1 AND lower(name) = lower($2) AND ($3::uuid IS NULL OR id <> $3)',
    [tenantId, name, exceptId],
  );
  if (rows.length > 0) throw duplicateName();
}

/** Runs `write`, turning a unique-name violation (a concurrent twin) into 409 duplicate_name. */
async function guardNames<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateName();
    throw error;
  }
}

const notFoundDistinction = () => notFound('No distinction has this id.');

export function distinctionHandlers({ db }: HandlerDeps): Handlers {
  return {
    async listAppointmentDistinctions(request, reply) {
      const { tenantId } = request.params;
      await authorize(db, request, tenantId, 'distinctions', 'read');
      const { limit = 50, offset = 0, q } = request.query ?? {};
      const pattern = q?.trim() ? `%${escapeLike(q.trim())}%` : null;
      const result = await db.withTenant(tenantId, async (tx) => {
        const filter = `d.tenant_id = $1 AND ($2::text IS NULL OR cita_fold(d.name) LIKE cita_fold($2) ESCAPE '\\')`;
        const { rows } = await tx.query(`${SELECT} WHERE ${filter} ORDER BY lower(d.name), d.id LIMIT $3 OFFSET $4`, [tenantId, pattern, limit, offset]);
        const total = await tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM appointment_distinctions d WHERE ${filter}`, [tenantId, pattern]);
        return { items: rows.map(toDistinction), total: total.rows[0]!.n };
      });
      return reply.code(200).send(result);
    },

    async createAppointmentDistinction(request, reply) {
      const { tenantId } = request.params;
      await authorize(db, request, tenantId, 'distinctions', 'write');
      const input = request.body.distinction;
      const name = cleanName(input.distinction);
      const stored = await guardNames(() =>
        db.withTenant(tenantId, (tx) =>
          idempotent(tx, tenantId, idempotencyKeyOf(request), 'createAppointmentDistinction', request.body, async () => {
            await assertNameFree(tx, tenantId, name, null);
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
      const name = cleanName(input.distinction);
      const row = await guardNames(() =>
        db.withTenant(tenantId, async (tx) => {
          const current = await tx.query('SELECT 1 FROM appointment_distinctions WHERE tenant_id = $1 AND id = $2', [tenantId, id]);
          if (current.rows.length === 0) throw notFoundDistinction();
          await assertNameFree(tx, tenantId, name, id);
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
