// Bundles the API (with @stockyard/shared) into dist/, and copies the SQL migrations beside it.
import { cp, rm } from 'node:fs/promises';
import { build } from 'esbuild';

process.chdir(new URL('.', import.meta.url).pathname);

await rm('dist', { recursive: true, force: true });
await build({
  entryPoints: ['src/server.ts'],
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  packages: 'external',
  alias: { '@stockyard/shared': '../../packages/shared/src/index.ts' },
  logLevel: 'warning',
});
await cp('src/db/migrations', 'dist/migrations', { recursive: true });
