// Bundles the API (with @stockyard/shared) into dist/, and copies the SQL migrations beside it.
import { cp, rm } from 'node:fs/promises';
import { build } from 'esbuild';

process.chdir(new URL('.', import.meta.url).pathname);

await rm('dist', { recursive: true, force: true });
await build({
  // Each worker module (lib/worker-pool.ts) is bundled as a file of its own beside server.js.
  entryPoints: [
    'src/server.ts',
    'src/modules/movement-notes/images.worker.ts',
    'src/modules/movement-notes/note-pdf.worker.ts',
    'src/lib/sheet-reader.worker.ts',
  ],
  outdir: 'dist',
  entryNames: '[name]',
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
