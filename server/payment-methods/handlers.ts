import type { RouteHandlers } from '../../generated/fastify.gen.ts';
import type { PaymentMethod, PaymentMethodInput } from '../../generated/types.gen.ts';
import type { Queryable } from '../db/database.ts';
import { isUniqueViolation, violatedConstraint } from '../db/errors.ts';
import { HttpProblem, notFound, unprocessable } from '../problem.ts';
import { authorize } from '../tenancy/roles.ts';
import type { HandlerDeps } from '../kit/context.ts';
import { cleanName, uniqueName } from '../kit/names.ts';
import { TOO_PRECISE_PERCENTAGE, hasThreeDecimalsAtMost } from '../kit/percent.ts';
import { listPage } from '../kit/pages.ts';
import { iso, type Row } from '../kit/rows.ts';
import { idempotencyKeyOf, idempotent, updateVersioned } from '../kit/write-rules.ts';

type Handlers = Pick<
  RouteHandlers,
  'listPaymentMethods' | 'createPaymentMethod' | 'getPaymentMethod' | 'updatePaymentMethod' | 'deletePaymentMethod'
>;

export function toPaymentMethod(row: Row): PaymentMethod {
  return {
    id: row.id as string,
    tenantId: row.tenant_id as string,
    name: row.name as string,
    kind: row.kind as PaymentMethod['kind'],
    active: row.active as boolean,
    commissionPercentage: Number(row.commission_percentage),
    isDefault: row.is_default as boolean,
    sortOrder: Number(row.sort_order),
    ...(row.notes === null || row.notes === undefined ? {} : { notes: row.notes as string }),
    ...(row.archived_at ? { archivedAt: iso(row.archived_at) } : {}),
    version: Number(row.version),
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

const names = uniqueName({ table: 'payment_methods', field: '/paymentMethod/name', what: 'payment method', archivable: true });

/** The contract's rules beyond the schema, as 422 naming the field. */
function checkInput(input: PaymentMethodInput): { name: string } {
  const name = cleanName(input.name, '/paymentMethod/name');
  if (input.kind === 'PAYMENT_METHOD_KIND_UNSPECIFIED') {
    throw unprocessable('/paymentMethod/kind', 'kind_required', 'Choose the kind of payment method.');
  }
  if (input.commissionPercentage !== undefined && !hasThreeDecimalsAtMost(input.commissionPercentage)) {
    throw unprocessable('/paymentMethod/commissionPercentage', 'too_precise', TOO_PRECISE_PERCENTAGE);
  }
  if (input.isDefault && input.active === false) {
    throw unprocessable('/paymentMethod/isDefault', 'default_inactive', 'An inactive payment method cannot be the default.');
  }
  return { name };
}

/** Runs `write`, turning a unique-name violation (a concurrent twin) into 409 duplicate_name. */
async function guardNames<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error) && violatedConstraint(error) !== 'payment_methods_default_key') throw names.refusal();
    if (isUniqueViolation(error)) throw new HttpProblem(409, 'Another payment method became the default at the same time; try again.', 'conflict');
    throw error;
  }
}

/** Setting a default clears it on the others (their version grows: they changed). */
async function clearOtherDefaults(tx: Queryable, tenantId: string, exceptId: string | null) {
  await tx.query(
    `UPDATE payment_methods SET is_default = false, version = version + 1
      WHERE tenant_id = $1 AND is_default AND archived_at IS NULL AND ($2::uuid IS NULL OR id <> $2)`,
    [tenantId, exceptId],
  );
}

export function paymentMethodHandlers({ db }: HandlerDeps): Handlers {
  return {
    async listPaymentMethods(request, reply) {
      const { tenantId } = request.params;
      await authorize(db, request, tenantId, 'paymentMethods', 'read');
      const { limit = 50, offset = 0, active } = request.query ?? {};
      const result = await db.withTenant(tenantId, (tx) =>
        listPage(
          tx,
          {
            select: '*',
            from: 'payment_methods',
            where: 'tenant_id = $1 AND archived_at IS NULL AND ($2::boolean IS NULL OR active = $2)',
            orderBy: 'sort_order, lower(name), id',
            params: [tenantId, active ?? null],
            limit,
            offset,
          },
          toPaymentMethod,
        ),
      );
      return reply.code(200).send(result);
    },

    async createPaymentMethod(request, reply) {
      const { tenantId } = request.params;
      await authorize(db, request, tenantId, 'paymentMethods', 'write');
      const input = request.body.paymentMethod;
      const { name } = checkInput(input);
      const stored = await guardNames(() =>
        db.withTenant(tenantId, (tx) =>
          idempotent(tx, tenantId, idempotencyKeyOf(request), 'createPaymentMethod', request.body, async () => {
            await names.assertFree(tx, tenantId, name, null);
            if (input.isDefault) await clearOtherDefaults(tx, tenantId, null);
            const { rows } = await tx.query(
              `INSERT INTO payment_methods (tenant_id, name, kind, active, commission_percentage, is_default, sort_order, notes)
               VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING *`,
              [tenantId, name, input.kind, input.active ?? true, input.commissionPercentage ?? 0, input.isDefault ?? false, input.sortOrder ?? 0, input.notes ?? null],
            );
            return { status: 201, body: { paymentMethod: toPaymentMethod(rows[0]!) } };
          }),
        ),
      );
      return reply.code(201).send(stored.body);
    },

    async getPaymentMethod(request, reply) {
      const { tenantId, id } = request.params;
      await authorize(db, request, tenantId, 'paymentMethods', 'read');
      const row = await db.withTenant(tenantId, async (tx) => (await tx.query('SELECT * FROM payment_methods WHERE tenant_id = $1 AND id = $2', [tenantId, id])).rows[0]);
      if (!row) throw notFound('No payment method has this id.');
      return reply.code(200).send({ paymentMethod: toPaymentMethod(row) });
    },

    async updatePaymentMethod(request, reply) {
      const { tenantId, id } = request.params;
      await authorize(db, request, tenantId, 'paymentMethods', 'write');
      const input = request.body.paymentMethod;
      const { name } = checkInput(input);
      const row = await guardNames(() =>
        db.withTenant(tenantId, async (tx) => {
          const current = await tx.query('SELECT 1 FROM payment_methods WHERE tenant_id = $1 AND id = $2 AND archived_at IS NULL', [tenantId, id]);
          if (current.rows.length === 0) throw notFound('No payment method has this id.');
          await names.assertFree(tx, tenantId, name, id);
          return updateVersioned(tx, 'payment_methods', { tenantId, id }, async () => {
            const updated = await tx.query(
              `UPDATE payment_methods
                  SET name = $4, kind = $5, active = $6, commission_percentage = $7, is_default = $8, sort_order = $9, notes = $10,
                      version = version + 1
                WHERE tenant_id = $1 AND id = $2 AND version = $3 AND archived_at IS NULL
                RETURNING *`,
              [tenantId, id, input.version, name, input.kind, input.active ?? true, input.commissionPercentage ?? 0, false, input.sortOrder ?? 0, input.notes ?? null],
            );
            // Only once the version matched: a stale request changes nothing, not even the other defaults.
            if (updated.rows[0] && input.isDefault) {
              await clearOtherDefaults(tx, tenantId, id);
              return tx.query('UPDATE payment_methods SET is_default = true WHERE tenant_id = $1 AND id = $2 RETURNING *', [tenantId, id]);
            }
            return updated;
          });
        }),
      );
      return reply.code(200).send({ paymentMethod: toPaymentMethod(row) });
    },

    async deletePaymentMethod(request, reply) {
      const { tenantId, id } = request.params;
      await authorize(db, request, tenantId, 'paymentMethods', 'delete');
      await db.withTenant(tenantId, async (tx) => {
        const { rows } = await tx.query<{ in_use: boolean }>(
          `SELECT cita_payment_method_in_use(tenant_id, id) AS in_use FROM payment_methods
            WHERE tenant_id = $1 AND id = $2 AND archived_at IS NULL FOR UPDATE`,
          [tenantId, id],
        );
        if (!rows[0]) throw notFound('No payment method has this id.');
        if (rows[0].in_use) {
          // Referenced: kept for the records that point at it, out of the lists and the till.
          await tx.query(
            `UPDATE payment_methods SET archived_at = now(), active = false, is_default = false, version = version + 1
              WHERE tenant_id = $1 AND id = $2`,
            [tenantId, id],
          );
        } else {
          await tx.query('DELETE FROM payment_methods WHERE tenant_id = $1 AND id = $2', [tenantId, id]);
        }
      });
      return reply.code(204).send();
    },
  };
}
