import { describe, expect, it } from 'vitest';
import type { ZodType } from 'zod';
import * as schemas from '../../generated/zod.gen';
import { loadContract } from '../../server/contract.mjs';

// Every example in the contract is what Prism's static mode serves to the SPA in mock mode, and
// what the SPA's generated validators will accept from the real server: each must pass the
// generated zod schema of its operation.

type Operation = {
  operationId: string;
  requestBody?: { content?: Record<string, { example?: unknown }> };
  responses: Record<string, { content?: Record<string, { example?: unknown }> }>;
};
const contract = loadContract() as {
  paths: Record<string, Record<string, Operation>>;
};
const METHODS = ['get', 'post', 'put', 'patch', 'delete'];
const operations = Object.entries(contract.paths).flatMap(([path, item]) =>
  Object.entries(item)
    .filter(([method]) => METHODS.includes(method))
    .map(([method, op]) => ({ name: `${method.toUpperCase()} ${path} (${op.operationId})`, op })),
);
const zod = schemas as unknown as Record<string, ZodType>;
const pascal = (id: string) => id.charAt(0).toUpperCase() + id.slice(1);

describe('contract examples', () => {
  it('covers every operation of SPEC §7 plus the ones beyond it', () => {
    expect(operations.length).toBeGreaterThanOrEqual(99);
    expect(new Set(operations.map((o) => o.op.operationId)).size).toBe(operations.length);
  });

  it.each(operations)('$name: its success example passes the generated response schema', ({ op }) => {
    const [status, response] = Object.entries(op.responses).find(([code]) => code.startsWith('2')) ?? [];
    expect(status, 'a 2xx response').toBeDefined();
    if (status === '204') return;
    // A binary answer (an image: getAssetContent; a PDF: getInvoicePdf) has no JSON example; it must name its media type.
    const mediaTypes = Object.keys(response?.content ?? {});
    if (mediaTypes.length > 0 && mediaTypes.every((type) => type.startsWith('image/') || type === 'application/pdf')) return;
    // A text answer (an iCalendar feed: getCalendarFeedIcs) has a text example of its own media type.
    if (mediaTypes.length > 0 && mediaTypes.every((type) => type.startsWith('text/'))) {
      for (const type of mediaTypes) expect(typeof response?.content?.[type]?.example, `a ${type} example`).toBe('string');
      return;
    }
    const example = response?.content?.['application/json']?.example;
    expect(example, 'an example').toBeDefined();
    const schema = zod[`z${pascal(op.operationId)}Response`];
    expect(schema, 'a generated response schema').toBeDefined();
    const result = schema!.safeParse(example);
    expect(result.success ? [] : result.error.issues).toEqual([]);
  });

  it.each(operations.filter(({ op }) => op.requestBody?.content?.['application/json']?.example !== undefined))(
    '$name: its request example passes the generated body schema',
    ({ op }) => {
      const body = zod[`z${pascal(op.operationId)}Body`];
      expect(body).toBeDefined();
      const result = body!.safeParse(op.requestBody!.content!['application/json']!.example);
      expect(result.success ? [] : result.error.issues).toEqual([]);
    },
  );
});
