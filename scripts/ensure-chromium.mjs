// Makes sure the outside tools of the browser tests are there: Debian's Chromium, and pdftotext
// (poppler-utils) that reads a printed page back. Installs what is missing when we can (root on
// Debian), else stops with a message that names the package.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import os from 'node:os';

export function ensureChromium() {
  const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  const tools = [
    { path: chromium, pkg: 'chromium', hint: ', or set CHROMIUM_PATH' },
    { path: '/usr/bin/pdftotext', pkg: 'poppler-utils', hint: '' },
  ];
  const missing = tools.filter((tool) => !existsSync(tool.path));
  if (missing.length === 0) return chromium;
  const packages = missing.map((tool) => tool.pkg);
  const canInstall = os.userInfo().uid === 0 && existsSync('/usr/bin/apt-get');
  if (!canInstall) {
    const what = missing.map((tool) => `${tool.path} (Debian's package "${tool.pkg}"${tool.hint})`);
    throw new Error(
      `The browser tests need ${what.join(' and ')}: apt-get install -y ${packages.join(' ')}.`,
    );
  }
  console.log(`Installing Debian packages ${packages.join(', ')} for the browser tests...`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update'], { stdio: 'inherit', env });
  const result = spawnSync('apt-get', ['install', '-y', '--no-install-recommends', ...packages], {
    stdio: 'inherit',
    env,
  });
  if (result.status !== 0 || missing.some((tool) => !existsSync(tool.path))) {
    throw new Error(
      `Installing the Debian packages ${packages.join(', ')} failed; install them by hand and run the tests again.`,
    );
  }
  return chromium;
}

if (import.meta.url === `file://${process.argv[1]}`) ensureChromium();
