import { test as base } from '@playwright/test';
import { readFileSync } from 'node:fs';
import YAML from 'yaml';

// In mock mode there is no identity provider: a signed-in session is the token cookie plus the stored
// session, holding the contract's own examples (the same user and business Prism answers with).
const contract = YAML.parse(readFileSync('openapi/tenant-api.yaml', 'utf8'));
const example = (path: string) => contract.paths[path].get.responses['200'].content['application/json'].example;
export const exampleUser = example('/v1/users/{id}').user;
export const exampleTenant = example('/v1/tenants/{tenantId}').tenant;

export const test = base.extend({
  context: async ({ context, baseURL }, use) => {
    await context.addCookies([{ name: 'token', value: 'mock-session-token', url: baseURL! }]);
    await context.addInitScript(
      ([user, tenant]) => {
        if (!window.localStorage.getItem('session')) window.localStorage.setItem('session', JSON.stringify({ user, tenant, isAdmin: false }));
      },
      [exampleUser, exampleTenant],
    );
    await use(context);
  },
});
export { expect } from '@playwright/test';
