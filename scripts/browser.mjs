// Resolves the Chromium that Playwright drives: $CHROMIUM_PATH, then Debian's /usr/bin/chromium,
// then Playwright's own download; when none exists and apt-get is available (as root), installs
// Debian's chromium. Playwright cannot download its browsers on these machines.
//
// The browser tests ask for the headless shell (`headlessShell`: Debian's chromium-headless-shell, the
// "old headless" build that Playwright itself runs headless tests in): the same Blink, without the full
// browser's compositor and GPU process doing a desktop's work for every frame. The same mock specs took
// 155 s in it against 191 s in the full chromium, back to back. The benches keep the full browser
// (Lighthouse measures what a visitor's Chrome does).
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chromium } from '@playwright/test';

const CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];
const SHELL_CANDIDATES = ['/usr/bin/chromium-headless-shell'];

function found(candidates) {
  if (process.env.CHROMIUM_PATH && existsSync(process.env.CHROMIUM_PATH)) return process.env.CHROMIUM_PATH;
  const system = candidates.find((candidate) => existsSync(candidate));
  if (system) return system;
  try {
    const bundled = chromium.executablePath();
    if (bundled && existsSync(bundled)) return bundled;
  } catch {
    // Playwright has no browser of its own here.
  }
  return undefined;
}

/** Installs a Debian package as root; false when it could not be (not root, no apt, not in the registry). */
function aptInstall(pkg) {
  if (process.getuid?.() !== 0) return false;
  console.log(`Installing Debian's ${pkg} for the browser tests…`);
  try {
    execFileSync('sh', ['-c', `(apt-get install -y -qq ${pkg} || (apt-get update -qq && apt-get install -y -qq ${pkg})) >/dev/null`], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    return true;
  } catch {
    return false;
  }
}

/**
 * The Chromium to launch. `headlessShell`: the headless shell when there is one (installed when
 * missing), else the full browser.
 */
export function resolveChromium({ install = false, headlessShell = false } = {}) {
  if (headlessShell) {
    const shell = found(SHELL_CANDIDATES);
    if (shell) return shell;
    if (install && aptInstall('chromium-headless-shell')) {
      const installed = found(SHELL_CANDIDATES);
      if (installed) return installed;
    }
    if (install) console.warn('No chromium-headless-shell: the browser tests run in the full chromium.');
  }
  const path = found(CANDIDATES);
  if (path || !install) return path;
  if (process.getuid?.() !== 0) throw new Error('No Chromium found: install Debian\'s chromium or set CHROMIUM_PATH.');
  if (!aptInstall('chromium')) throw new Error('chromium could not be installed');
  const installed = found(CANDIDATES);
  if (!installed) throw new Error('chromium was installed but not found');
  return installed;
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(resolveChromium({ install: true, headlessShell: process.argv.includes('--headless-shell') }));
