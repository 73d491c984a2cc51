import { describe, expect, it } from 'vitest';
import { robotsTxt, sitemap, sitemapIndex } from './sitemaps.ts';

describe('sitemaps and robots.txt', () => {
  it('indexes the three sitemaps', () => {
    const xml = sitemapIndex('https://cita.example');
    for (const name of ['index', 'en-US', 'es-ES']) expect(xml).toContain(`<loc>https://cita.example/${name}-sitemap.xml</loc>`);
    expect(xml).toContain('<sitemapindex');
  });

  it("lists each language's public pages with their hreflang alternates", () => {
    const es = sitemap('es-ES', 'https://cita.example', ['peluqueria-ana']);
    expect(es).toContain('<loc>https://cita.example/es-ES/login</loc>');
    expect(es).toContain('<loc>https://cita.example/es-ES/book/peluqueria-ana</loc>');
    expect(es).toContain('<xhtml:link rel="alternate" hreflang="en-US" href="https://cita.example/book/peluqueria-ana"/>');
    expect(es).toContain('<xhtml:link rel="alternate" hreflang="x-default" href="https://cita.example/register"/>');
    const en = sitemap('en-US', 'https://cita.example', []);
    expect(en).toContain('<loc>https://cita.example/register</loc>');
    expect(en).not.toContain('/book/');
    expect(en.match(/<url>/g)).toHaveLength(2);
  });

  it('escapes what it writes and keeps the dashboard out of robots.txt', () => {
    expect(sitemap('index', 'https://x.example', ['a&b'])).toContain('/book/a%26b');
    const robots = robotsTxt('https://cita.example');
    expect(robots).toContain('Disallow: /\n');
    expect(robots).toContain('Allow: /es-ES/book/');
    expect(robots).toContain('Sitemap: https://cita.example/sitemap.xml');
  });
});
