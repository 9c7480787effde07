// Makes sure Debian's Chromium is there for the browser tests: installs it when we can (root on
// Debian), else stops with a message that names the package.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import os from 'node:os';

export function ensureChromium() {
  const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (existsSync(chromium)) return chromium;
  const canInstall = os.userInfo().uid === 0 && existsSync('/usr/bin/apt-get');
  if (!canInstall) {
    throw new Error(
      `Chromium was not found at ${chromium}. Install Debian's package "chromium" (apt-get install -y chromium), or set CHROMIUM_PATH.`,
    );
  }
  console.log('Installing Debian package chromium for the browser tests...');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update'], { stdio: 'inherit', env });
  const result = spawnSync('apt-get', ['install', '-y', '--no-install-recommends', 'chromium'], {
    stdio: 'inherit',
    env,
  });
  if (result.status !== 0 || !existsSync(chromium)) {
    throw new Error(
      'Installing the Debian package "chromium" failed; install it by hand and run the tests again.',
    );
  }
  return chromium;
}

if (import.meta.url === `file://${process.argv[1]}`) ensureChromium();
