import { defineConfig } from '@hey-api/openapi-ts';

// One contract, three consumers: the SPA (query options + zod), the server (Fastify handler types)
// and the Prism mock. `npm run codegen` is the only writer of generated/.
export default defineConfig({
  input: './openapi/tenant-api.yaml',
  output: { path: './generated' },
  plugins: [
    // The base URL, token, retries and 401 handling are set once at runtime in src/lib/api.ts.
    { name: '@hey-api/client-fetch', baseUrl: false },
    '@hey-api/typescript',
    // RFC 3339 instants may carry an offset (appointments' startAt/endAt are in the business's offset).
    { name: 'zod', dates: { offset: true } },
    { name: '@hey-api/sdk', validator: true },
    '@tanstack/react-query',
    'fastify',
  ],
});
