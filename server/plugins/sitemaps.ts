import type { ServerConfig } from '../config.ts';
import type { Database } from '../db/database.ts';
import { robotsTxt, sitemap, sitemapIndex, type SitemapName } from '../public-surface/sitemaps.ts';
import { globalPlugin } from './global.ts';

/** The booking slugs are read at most this often (the sitemaps are crawled, not a live view). */
const SLUGS_TTL_MS = 5 * 60_000;
const MAX_URLS = 40_000;

/**
 * /sitemap.xml (index), /index-sitemap.xml, /en-US-sitemap.xml, /es-ES-sitemap.xml and /robots.txt
 * (SPEC §2; issue 19), on the public address (PUBLIC_URL). No sign-in; one cached read of the
 * businesses that take online bookings.
 */
export const sitemapsPlugin = globalPlugin<{ config: ServerConfig; db: Database }>(async (app, { config, db }) => {
  const base = config.publicUrl;
  let cached: { at: number; slugs: Promise<string[]> } | undefined;
  const slugs = () => {
    if (!cached || Date.now() - cached.at > SLUGS_TTL_MS) {
      const read = db
        .querySystem<{ booking_slug: string }>(
          `SELECT booking_slug FROM tenants
            WHERE booking_enabled AND booking_slug IS NOT NULL AND status NOT IN ('TENANT_STATUS_DELETED', 'TENANT_STATUS_SUSPENDED')
            ORDER BY booking_slug LIMIT ${MAX_URLS}`,
        )
        .then(({ rows }) => rows.map((r) => r.booking_slug));
      cached = { at: Date.now(), slugs: read };
      // A failed read is not kept: the next request tries again.
      read.catch(() => {
        cached = undefined;
      });
    }
    return cached.slugs;
  };
  const xml = 'application/xml; charset=utf-8';

  app.get('/robots.txt', async (_request, reply) => reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600').send(robotsTxt(base)));
  app.get('/sitemap.xml', async (_request, reply) => reply.type(xml).header('cache-control', 'public, max-age=3600').send(sitemapIndex(base)));
  for (const name of ['index', 'en-US', 'es-ES'] as const satisfies readonly SitemapName[]) {
    app.get(`/${name}-sitemap.xml`, async (_request, reply) => reply.type(xml).header('cache-control', 'public, max-age=600').send(sitemap(name, base, await slugs())));
  }
});
