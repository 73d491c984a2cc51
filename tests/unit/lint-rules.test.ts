import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The house rules ARCHITECTURE asks lint to enforce: each must actually fire.
const eslint = new ESLint();
async function rules(code: string, filePath: string) {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((m) => m.ruleId);
}

// Loading the configuration (typescript-eslint, the React plugins) takes seconds on a loaded machine.
describe('lint house rules', { timeout: 60_000 }, () => {
  it('keeps fetch, raw SDK calls, queryFn/mutationFn and hand-typed query keys out of features', async () => {
    const found = await rules(
      `import { getTenant } from '@generated/sdk.gen';
export const a = () => fetch('/v1/x');
export const b = { queryKey: ['tenant'], queryFn: () => getTenant({ path: { tenantId: 'x' } }) };
export const c = { mutationFn: async () => 1 };
`,
      'src/features/demo/hooks/use-demo.ts',
    );
    expect(found.filter((r) => r === 'no-restricted-imports')).toHaveLength(1);
    expect(found.filter((r) => r === 'no-restricted-globals')).toHaveLength(1);
    expect(found.filter((r) => r === 'no-restricted-syntax')).toHaveLength(3);
  });

  it('forbids one feature importing another', async () => {
    expect(await rules(`export { x } from '~/features/other/x';\n`, 'src/features/demo/a.ts')).toContain('cita/feature-boundaries');
    expect(await rules(`export { x } from '../../other/x';\n`, 'src/features/demo/components/a.ts')).toContain('cita/feature-boundaries');
    expect(await rules(`export { x } from '../hooks/x';\n`, 'src/features/demo/components/a.ts')).not.toContain('cita/feature-boundaries');
  });

  it('keeps the layers in order: lib < components < entities (vocabulary) < features < routes and app', async () => {
    // Any feature may import the vocabulary layer; the layer imports no feature, nor a route.
    expect(await rules(`export { x } from '~/entities/appointment/status';\n`, 'src/features/demo/a.ts')).not.toContain('cita/layer-boundaries');
    expect(await rules(`export { x } from '~/features/demo/x';\n`, 'src/entities/demo/a.ts')).toContain('cita/layer-boundaries');
    expect(await rules(`export { x } from '../../features/demo/x';\n`, 'src/entities/demo/a.ts')).toContain('cita/layer-boundaries');
    expect(await rules(`export const x = () => import('~/routes/__root');\n`, 'src/entities/a.ts')).toContain('cita/layer-boundaries');
    // Shared UI and pure rules know nothing of the vocabulary or the features.
    expect(await rules(`export { x } from '~/entities/status';\n`, 'src/components/demo.ts')).toContain('cita/layer-boundaries');
    expect(await rules(`export { x } from '~/components/demo';\n`, 'src/lib/demo.ts')).toContain('cita/layer-boundaries');
    expect(await rules(`export { x } from '~/lib/demo';\n`, 'src/components/demo.ts')).not.toContain('cita/layer-boundaries');
    // src/app is the app's frame (providers, router, layouts, guards, shell): no feature, entity or shared part imports it.
    expect(await rules(`export { x } from '~/app/shell';\n`, 'src/features/demo/a.ts')).toContain('cita/layer-boundaries');
    expect(await rules(`export { x } from '../../../app/shell';\n`, 'src/features/demo/components/a.ts')).toContain('cita/layer-boundaries');
    expect(await rules(`export { x } from '~/app/shell';\n`, 'src/components/demo.ts')).toContain('cita/layer-boundaries');
    expect(await rules(`export { x } from '~/app/shell';\n`, 'src/routes/demo.tsx')).not.toContain('cita/layer-boundaries');
    expect(await rules(`export { x } from '~/features/demo/x';\n`, 'src/app/layouts/demo.tsx')).not.toContain('cita/layer-boundaries');
  });

  it('keeps the server one way: handlers → domain → db, handlers never import another domain\'s handlers', async () => {
    const rule = 'cita/server-layers';
    // A domain module, the tenancy matrix or the kit importing handlers.
    expect(await rules(`export { x } from '../handlers/appointments.ts';\n`, 'server/booking/free-slots.ts')).toContain(rule);
    expect(await rules(`export { x } from '../appointments/handlers/calendar.ts';\n`, 'server/tenancy/roles.ts')).toContain(rule);
    expect(await rules(`export { x } from '../payment-methods/handlers.ts';\n`, 'server/kit/demo.ts')).toContain(rule);
    // One domain's handlers importing another's (flat server/handlers/ or another domain's folder).
    expect(await rules(`export { x } from './customer-tags.ts';\n`, 'server/handlers/customers.ts')).toContain(rule);
    expect(await rules(`export { x } from '../../customers/handlers.ts';\n`, 'server/appointments/handlers/calendar.ts')).toContain(rule);
    // Allowed: handlers → their domain and the kit; a domain's handlers folder within itself; the roots.
    expect(await rules(`export { x } from '../repository.ts';\n`, 'server/appointments/handlers/calendar.ts')).not.toContain(rule);
    expect(await rules(`export { x } from './context.ts';\n`, 'server/appointments/handlers/calendar.ts')).not.toContain(rule);
    expect(await rules(`export { x } from '../payment-methods/defaults.ts';\n`, 'server/handlers/tenants.ts')).not.toContain(rule);
    expect(await rules(`export { x } from '../payment-methods/handlers.ts';\n`, 'server/handlers/index.ts')).not.toContain(rule);
  });

  it('forbids Date outside the temporal wrapper and untranslated JSX text', async () => {
    expect(await rules(`export const now = new Date();\n`, 'src/lib/demo.ts')).toContain('no-restricted-globals');
    expect(await rules(`export const A = () => <p title="Hello">Hello there</p>;\n`, 'src/components/demo.tsx')).toEqual([
      'formatjs/no-literal-string-in-jsx',
      'formatjs/no-literal-string-in-jsx',
    ]);
  });

  it('keeps common/ pure: imports only from common/, no runtime globals', async () => {
    const found = await rules(
      `import { useState } from 'react';
import { x } from '../../src/lib/money';
import { y } from 'node:fs';
import { MAX_CUSTOMER_TAGS } from '../limits';
export const a = [useState, x, y, MAX_CUSTOMER_TAGS, window, process, Date];
`,
      'common/money/demo.ts',
    );
    expect(found.filter((r) => r === 'cita/common-boundary')).toHaveLength(3);
    expect(found.filter((r) => r === 'no-restricted-globals')).toHaveLength(3);
    expect(await rules(`import fc from 'fast-check';\nimport { it } from 'vitest';\nexport const a = [fc, it];\n`, 'common/money/demo.test.ts')).not.toContain('cita/common-boundary');
    expect(await rules(`import fc from 'fast-check';\nexport const a = fc;\n`, 'common/money/demo.ts')).toContain('cita/common-boundary');
  });
});

