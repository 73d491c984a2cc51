// The server's request validators: compiled on a route's first request, not at start-up (that every
// route's compiles is checked on the shared app: tests/server/suites/platform.ts).
import Ajv2020 from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { lazyValidator } from './app.ts';

describe('lazyValidator', () => {
  it('compiles on the first call, then answers and reports errors as Ajv does', () => {
    const engine = new Ajv2020({ allErrors: true });
    let compiles = 0;
    const counting = Object.assign(Object.create(engine) as Ajv2020, {
      compile: (schema: object) => {
        compiles += 1;
        return engine.compile(schema);
      },
    });
    const validate = lazyValidator(counting, { type: 'object', properties: { name: { type: 'string', minLength: 1 } }, required: ['name'] });
    expect(compiles).toBe(0);
    expect(validate({ name: 'Ana' })).toBe(true);
    expect(validate.errors).toBeNull();
    expect(validate({ name: '' })).toBe(false);
    expect(validate.errors?.[0]).toMatchObject({ instancePath: '/name', keyword: 'minLength' });
    expect(validate({})).toBe(false);
    expect(validate.errors?.[0]).toMatchObject({ keyword: 'required' });
    expect(compiles).toBe(1);
  });
});
