import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { joinContract, loadContract } from '../../server/contract.mjs';

// The contract is split one file per domain (scripts/split-contract.mjs); every reader gets it joined
// by server/contract.mjs, with only local $refs, as the single file was.
function refs(value: unknown, found: string[] = []): string[] {
  if (Array.isArray(value)) value.forEach((item) => refs(item, found));
  else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (key === '$ref' && typeof item === 'string') found.push(item);
      else refs(item, found);
    }
  }
  return found;
}

describe('the split contract', () => {
  it('joins into one document whose every $ref is local and names a component', () => {
    const contract = loadContract();
    const all = refs(contract);
    expect(all.length).toBeGreaterThan(1000);
    for (const ref of all) {
      const [, section, name] = /^#\/components\/(\w+)\/([\w.-]+)$/.exec(ref) ?? [];
      expect(contract.components?.[section!]?.[name!], ref).toBeDefined();
    }
  });

  it('refuses a piece that refers to another piece instead of the entry', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cita-contract-'));
    mkdirSync(join(dir, 'components'));
    writeFileSync(join(dir, 'entry.yaml'), 'components:\n  schemas:\n    A: { $ref: ./components/x.yaml#/schemas/A }\n');
    writeFileSync(join(dir, 'components', 'x.yaml'), 'schemas:\n  A: { $ref: ./y.yaml#/schemas/B }\n');
    expect(() => loadContract(join(dir, 'entry.yaml'))).toThrow(/refers only to the entry's components/);
  });

  it('is read from its JSON cache as the joined YAML, and a changed piece is read again', () => {
    expect(loadContract()).toEqual(joinContract().toJS());
    const dir = mkdtempSync(join(tmpdir(), 'cita-contract-'));
    mkdirSync(join(dir, 'components'));
    const entry = join(dir, 'entry.yaml');
    writeFileSync(entry, 'components:\n  schemas:\n    A: { $ref: ./components/x.yaml#/schemas/A }\n');
    writeFileSync(join(dir, 'components', 'x.yaml'), 'schemas:\n  A: { type: string }\n');
    const first = loadContract(entry);
    expect(first.components.schemas.A).toEqual({ type: 'string' });
    // Each call gives its own object: a reader that changes it changes no other reader's.
    first.components.schemas.A.type = 'changed';
    expect(loadContract(entry).components.schemas.A).toEqual({ type: 'string' });
    writeFileSync(join(dir, 'components', 'x.yaml'), 'schemas:\n  A: { type: integer }\n');
    expect(loadContract(entry).components.schemas.A).toEqual({ type: 'integer' });
  });
});
