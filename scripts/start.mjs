// `npm start`: builds what is missing or older than its sources, then runs the server in this process.
// package.json's start script execs it (`exec node scripts/start.mjs`), so that this process is
// npm's own child: npm passes a SIGTERM or SIGINT it gets to its child, which was a shell that
// died of it and left the server and its PostgreSQL running.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

function stale(output, sources) {
  if (!existsSync(output)) return true;
  const built = statSync(output).mtimeMs;
  return sources.some((dir) => newestMtime(path.join(root, dir)) > built);
}

const shared = 'packages/shared/src';
const targets = [
  {
    workspace: '@stockyard/web',
    output: 'apps/web/dist/index.html',
    sources: ['apps/web/src', shared],
  },
  {
    workspace: '@stockyard/api',
    output: 'apps/api/dist/server.js',
    sources: ['apps/api/src', shared],
  },
];
for (const target of targets) {
  if (!stale(path.join(root, target.output), target.sources)) continue;
  console.log(`Building ${target.workspace}...`);
  const result = spawnSync('npm', ['run', 'build', '-w', target.workspace], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

// The server handles SIGINT/SIGTERM itself and stops the embedded database cleanly.
process.chdir(root);
await import(path.join(root, 'apps/api/dist/server.js'));
