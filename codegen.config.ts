import { defineConfig } from '@hey-api/openapi-ts';
import { loadContract } from './server/contract.mjs';

// One contract, three consumers: the SPA (query options + zod), the server (Fastify handler types)
// and the Prism mock. `npm run codegen` is the only writer of generated/.
export default defineConfig({
  // openapi/tenant-api.yaml with its pieces joined in (server/contract.mjs): given the entry file itself,
  // openapi-ts's own bundler would hoist each piece's component under a new name (common_Id).
  input: loadContract(),
  output: { path: './generated' },
  plugins: [
    // The base URL, token, retries and 401 handling are set once at runtime in src/lib/api.ts.
    { name: '@hey-api/client-fetch', baseUrl: false },
    '@hey-api/typescript',
    // RFC 3339 instants may carry an offset (appointments' startAt/endAt are in the business's offset).
    { name: 'zod', dates: { offset: true } },
    { name: '@hey-api/sdk', validator: true },
    {
      name: '@tanstack/react-query',
      // Read-only POSTs (the calendar range, the repeat preview, reports, statistics and the expense list) are queries too, keyed by their body,
      // so that a range already seen is not fetched again; they keep their mutation as well.
      '~hooks': {
        operations: {
          getKind: (operation) =>
            ['getAppointmentCalendar', 'previewAppointmentSeries', 'getSalesSummaryReport', 'getSalesDetailedReport', 'fetchStatistics', 'listExpenses'].includes(operation.id)
              ? ['query', 'mutation']
              : undefined,
        },
      },
    },
    'fastify',
  ],
});
