// The SPA's pages as the server tells them from unknown addresses, read from this checkout's route tree
// the way the build writes builds/routes.json.
import { describe, expect, it } from 'vitest';
import { spaRouteManifest } from '../../scripts/vite-spa-routes.ts';
import { sitemap } from './sitemaps.ts';
import { spaPathMatcher } from './spa-routes.ts';

const root = new URL('../..', import.meta.url).pathname;
const isPage = spaPathMatcher(spaRouteManifest(root));

describe('the SPA pages the server knows', () => {
  it('knows the pages of both languages, with their path parameters', () => {
    for (const path of [
      '/',
      '/es-ES',
      '/es-ES/',
      '/login',
      '/es-ES/login/',
      '/register',
      '/services/create',
      '/es-ES/services/0190b4d6-5f7e-7000-8000-000000000001',
      '/customers/c1/s1/edit',
      '/es-ES/customers/c1',
      '/appointments/schedule',
      '/license-expiration',
      '/cancel-appointments',
      '/invitations/abc',
      '/en-US/settings', // the SPA sends it to /settings
      '/Settings', // the router matches without regard to case
    ]) {
      expect(isPage(path), path).toBe(true);
    }
  });

  it('does not know other addresses', () => {
    for (const path of [
      '/nope',
      '/es-ES/nope',
      '/fr-FR/settings',
      '/es-es/settings',
      '/services/create/more',
      '/customers/c1/s1/x/y',
      '/customers/c1/s1/delete',
      '/es-ES/es-ES/login',
      '/settings.php',
      '//settings',
    ]) {
      expect(isPage(path), path).toBe(false);
    }
  });

  it("knows every page the sitemaps list (the booking page is a page of its own)", () => {
    const xml = sitemap('es-ES', 'https://cita.example', []) + sitemap('en-US', 'https://cita.example', []);
    const paths = [...xml.matchAll(/https:\/\/cita\.example(\/[^"<]*)/g)].map((match) => match[1]!).filter((path) => !path.includes('sitemap'));
    expect(paths.length).toBeGreaterThan(0);
    for (const path of paths) expect(isPage(path), path).toBe(true);
  });
});
