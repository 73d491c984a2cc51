// A schema built on first use (scripts/vite-lazy-zod.ts wraps each of generated/zod.gen.ts's ~640
// schemas in one): building them all when the module is evaluated was the largest single piece of
// start-up work (about 300 ms of a mid-range phone's main thread on every page), though a page uses a
// handful. The proxy stands for the schema in every respect (properties, methods, `instanceof`, `in`,
// being nested in another schema); the schema itself is built the first time any of that is asked.
export function lazySchema<T extends object>(build: () => T): T {
  let built: T | undefined;
  const schema = (): T => (built ??= build());
  return new Proxy({} as T, {
    get: (_target, key) => Reflect.get(schema(), key),
    set: (_target, key, value) => Reflect.set(schema(), key, value),
    has: (_target, key) => Reflect.has(schema(), key),
    ownKeys: () => Reflect.ownKeys(schema()),
    // The target is an empty, extensible object: a property may be reported as it is, only not as
    // non-configurable (the Proxy invariants), which nothing in zod asks of a schema.
    getOwnPropertyDescriptor: (_target, key) => {
      const descriptor = Reflect.getOwnPropertyDescriptor(schema(), key);
      return descriptor && { ...descriptor, configurable: true };
    },
    defineProperty: (_target, key, descriptor) => Reflect.defineProperty(schema(), key, descriptor),
    deleteProperty: (_target, key) => Reflect.deleteProperty(schema(), key),
    getPrototypeOf: () => Reflect.getPrototypeOf(schema()),
  });
}
