import { randomUUID } from 'node:crypto';
import type { RouteHandlers } from '../../../generated/fastify.gen.ts';
import type { CustomerImportResult } from '../../../generated/types.gen.ts';
import type { Database } from '../../db/database.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import type { HandlerDeps } from '../../kit/context.ts';
import { claimLongWriteKey, forgetKey, idempotencyKeyOf, rememberedResponse, rememberResponse } from '../../kit/write-rules.ts';
import { HttpProblem } from '../../problem.ts';
import { authorize, can } from '../../tenancy/roles.ts';
import { assertTagRoom, businessToday, deleteCustomersById, deleteUnusedTags, insertImported, insertTag, tagNames } from '../repository.ts';
import { IMPORT_CHUNK, importContext, importRowId, nextChunkSize, planImport, type ImportPlan } from '../rules.ts';

const OPERATION = 'importCustomers';

/**
 * Writes a checked import in short transactions, so that one import never holds the database
 * (PGlite has one connection) for more than a chunk: the key and the new tags, then the customers
 * in chunks sized to take about IMPORT_CHUNK.targetMs each (nextChunkSize), then the remembered
 * response.
 * All or nothing: a chunk that fails undoes the chunks written before it (by their ids) and the tags
 * this import created. With an Idempotency-Key the ids derive from (tenant, key, row), so a retry
 * after a crash half-way resumes: rows already written are skipped, the rest written.
 */
async function writeImport(db: Database, tenantId: string, key: string | undefined, requestBody: unknown, plan: ImportPlan): Promise<CustomerImportResult> {
  const start = await db.withTenant(tenantId, async (tx) => {
    if (key) {
      const claim = await claimLongWriteKey<CustomerImportResult>(tx, tenantId, key, OPERATION, requestBody);
      if (claim.replay) return { replay: claim.replay.body };
    }
    const tagIds = new Map(plan.existingTags);
    const createdTagIds: string[] = [];
    if (plan.createdTags.length > 0) {
      await assertTagRoom(tx, tenantId, plan.createdTags.length);
      for (const name of plan.createdTags) {
        const id = await insertTag(tx, tenantId, { name });
        tagIds.set(name.toLowerCase(), id);
        createdTagIds.push(id);
      }
    }
    return { tagIds, createdTagIds };
  });
  if (start.replay) return start.replay;
  const { tagIds, createdTagIds } = start;
  const records = plan.customers.map((customer, index) => ({ id: key ? importRowId(tenantId, key, index) : randomUUID(), ...customer }));
  const body: CustomerImportResult = { dryRun: false, imported: records.length, createdTags: plan.createdTags };
  let written = 0;
  try {
    for (let from = 0, size: number = IMPORT_CHUNK.first; from < records.length; ) {
      const chunk = records.slice(from, from + size);
      // Interactive requests first: the chunk waits until nothing else wants the database (PGlite).
      await db.whenIdle?.(IMPORT_CHUNK.maxWaitMs);
      const took = await db.withTenant(tenantId, async (tx) => {
        const started = performance.now();
        await insertImported(tx, tenantId, chunk, tagIds);
        return performance.now() - started;
      });
      written = from += chunk.length;
      size = nextChunkSize(size, took);
    }
    if (key) await db.withTenant(tenantId, (tx) => rememberResponse(tx, tenantId, key, { status: 200, body }));
    return body;
  } catch (error) {
    // Undo what this import wrote, in chunks too; if that fails as well, a retry with the key resumes.
    const ids = records.slice(0, written).map((record) => record.id);
    try {
      for (let from = 0; from < ids.length; from += IMPORT_CHUNK.first) {
        // Interactive requests first here too, as for the writes.
        await db.whenIdle?.(IMPORT_CHUNK.maxWaitMs);
        await db.withTenant(tenantId, (tx) => deleteCustomersById(tx, tenantId, ids.slice(from, from + IMPORT_CHUNK.first)));
      }
      await db.withTenant(tenantId, async (tx) => {
        await deleteUnusedTags(tx, tenantId, createdTagIds);
        if (key) await forgetKey(tx, tenantId, key);
      });
    } catch {
      // The import's own error is the one to answer.
    }
    throw error;
  }
}

export function customerImportHandlers({ db }: HandlerDeps): Pick<RouteHandlers, 'importCustomers'> {
  return {
    async importCustomers(request, reply) {
      const { tenantId } = request.params;
      const role = await authorize(db, request, tenantId, 'customers', 'write');
      const mayCreateTags = can(role, 'customerTags', 'write');
      const { rows: input, dryRun = false } = request.body;
      const key = dryRun ? undefined : idempotencyKeyOf(request);
      try {
        // 1. One short read: a finished request with this key, the business's clock and its tags.
        const known = await db.withTenant(tenantId, async (tx) => ({
          replay: key ? await rememberedResponse<CustomerImportResult>(tx, tenantId, key, OPERATION, request.body) : undefined,
          business: await businessToday(tx, tenantId),
          tags: await tagNames(tx, tenantId),
        }));
        if (known.replay) return reply.code(200).send(known.replay.body);
        // 2. Every cell, outside any transaction: one failing row and nothing is written.
        const plan = planImport(input, importContext(known.business), known.tags, mayCreateTags);
        if (plan.errors.length > 0) {
          const rowsWithErrors = new Set(plan.errors.map((error) => error.field.split('/')[2])).size;
          throw new HttpProblem(422, `${rowsWithErrors} of ${input.length} rows have errors; nothing was imported.`, 'import_invalid', plan.errors.slice(0, 1000));
        }
        if (dryRun) {
          if (plan.createdTags.length > 0) await db.withTenant(tenantId, (tx) => assertTagRoom(tx, tenantId, plan.createdTags.length));
          return reply.code(200).send({ dryRun: true, imported: 0, createdTags: plan.createdTags });
        }
        // 3. The writes, each transaction short.
        return reply.code(200).send(await writeImport(db, tenantId, key, request.body, plan));
      } catch (error) {
        if (isUniqueViolation(error)) throw new HttpProblem(409, 'A tag was created at the same time; import again.', 'conflict');
        throw error;
      }
    },
  };
}
