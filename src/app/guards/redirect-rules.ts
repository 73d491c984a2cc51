import { z } from 'zod';
import { withEarlyResponses } from '~/lib/early-requests';
import type { RedirectRule } from './route-guards';

/**
 * SPEC §2 guard 6 and §7: the redirect rules come from this build's manifest,
 * builds/meta/{buildId}.json (written by vite.config.ts), fetched once per page load.
 */

const zRule = z.object({ from: z.string().startsWith('/'), to: z.string().min(1) });

/** The valid rules of a manifest (others are skipped); none when it is not a manifest. */
export function parseRedirectRules(json: unknown): RedirectRule[] {
  const rules = json && typeof json === 'object' ? (json as { rules?: unknown }).rules : undefined;
  if (!Array.isArray(rules)) return [];
  return rules.flatMap((rule) => {
    const parsed = zRule.safeParse(rule);
    return parsed.success ? [parsed.data] : [];
  });
}

export function manifestUrl(buildId: string): string {
  return `/builds/meta/${encodeURIComponent(buildId)}.json`;
}

let cached: Promise<RedirectRule[]> | null = null;

/** Fetches the manifest once and caches its rules; a missing or broken manifest means no rules. */
export function loadRedirectRules(fetchFn: typeof fetch = withEarlyResponses()): Promise<RedirectRule[]> {
  cached ??= (async () => {
    if (typeof __BUILD_ID__ === 'undefined') return [];
    try {
      const response = await fetchFn(manifestUrl(__BUILD_ID__), { headers: { Accept: 'application/json' } });
      const type = response.headers.get('Content-Type') ?? '';
      if (!response.ok || !type.includes('json')) return [];
      return parseRedirectRules(await response.json());
    } catch (error) {
      console.warn('build manifest unavailable; no redirect rules', error);
      return [];
    }
  })();
  return cached;
}

/** For tests. */
export function resetRedirectRules(): void {
  cached = null;
}
