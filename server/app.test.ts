// The server's request validators and response serializers: built on a route's first use, not at
// start-up (that every route's compile is checked on the shared app: tests/server/suites/platform.ts).
import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import Ajv2020 from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { lazySerializer, lazyValidator } from './app.ts';

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

describe('lazySerializer', () => {
  it("builds on the first answer, then writes only the schema's fields, as Fastify's serializer does", () => {
    const compilerFor = SerializerSelector()(undefined, undefined);
    let builds = 0;
    const serialize = lazySerializer(() => {
      builds += 1;
      return compilerFor({ method: 'GET', url: '/x', httpStatus: '200', schema: { type: 'object', properties: { name: { type: 'string' } } } });
    });
    expect(builds).toBe(0);
    expect(JSON.parse(serialize({ name: 'Ana', secret: 'not in the schema' }))).toEqual({ name: 'Ana' });
    expect(serialize({ name: 'Eva' })).toBe('{"name":"Eva"}');
    expect(builds).toBe(1);
  });
});
