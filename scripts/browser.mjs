// Resolves the Chromium that Playwright drives: $CHROMIUM_PATH, then Debian's /usr/bin/chromium,
// then Playwright's own download; when none exists and apt-get is available (as root), installs
// Debian's chromium. Playwright cannot download its browsers on these machines.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chromium } from '@playwright/test';

const CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

function found() {
  if (process.env.CHROMIUM_PATH && existsSync(process.env.CHROMIUM_PATH)) return process.env.CHROMIUM_PATH;
  const system = CANDIDATES.find((candidate) => existsSync(candidate));
  if (system) return system;
  try {
    const bundled = chromium.executablePath();
    if (bundled && existsSync(bundled)) return bundled;
  } catch {
    // Playwright has no browser of its own here.
  }
  return undefined;
}

export function resolveChromium({ install = false } = {}) {
  const path = found();
  if (path || !install) return path;
  if (process.getuid?.() !== 0) throw new Error('No Chromium found: install Debian\'s chromium or set CHROMIUM_PATH.');
  console.log('Installing Debian\'s chromium for the browser tests…');
  execFileSync('sh', ['-c', 'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null'], { stdio: 'inherit' });
  const installed = found();
  if (!installed) throw new Error('chromium was installed but not found');
  return installed;
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(resolveChromium({ install: true }));
