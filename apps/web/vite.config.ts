import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';

const apiTarget = process.env.API_URL ?? 'http://localhost:3000';

// The installable app (decision 041): a manifest and a service worker that keeps the built shell
// (every page's code, so that any page opens without a connection). The API and the socket are
// never the worker's: it answers neither, so the browser goes to the network for them as without
// a worker, and what the app keeps of the API's answers is its own (src/lib/offline).
const installableApp = VitePWA({
  strategies: 'generateSW',
  registerType: 'autoUpdate',
  // Registered by src/lib/offline/register-service-worker.ts, after the page has loaded.
  injectRegister: false,
  includeAssets: ['favicon.svg'],
  manifest: {
    id: '/',
    name: 'Stockyard',
    short_name: 'Stockyard',
    description: 'Stockyard: material rental and inventory management',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    orientation: 'any',
    theme_color: '#1d4ed8',
    background_color: '#ffffff',
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      {
        src: '/icons/icon-maskable-192.png',
        sizes: '192x192',
        type: 'image/png',
        purpose: 'maskable',
      },
      {
        src: '/icons/icon-maskable-512.png',
        sizes: '512x512',
        type: 'image/png',
        purpose: 'maskable',
      },
    ],
  },
  workbox: {
    globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
    maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
    navigateFallback: '/index.html',
    navigateFallbackDenylist: [/^\/api(\/|$)/, /^\/socket\.io(\/|$)/],
    // No runtime caching: /api and /socket.io go to the network, never served stale.
    runtimeCaching: [],
    cleanupOutdatedCaches: true,
    clientsClaim: true,
    skipWaiting: true,
  },
});

/**
 * Modules that are small and shared by many screens, bundled in a few chunks rather than one
 * each. Left to itself the bundler made a chunk per icon, per label table and per UI part: a
 * signed-in page asked for 60 to 90 files, which a phone's browser fetches six at a time over a
 * slow network and links one by one (a <link rel="modulepreload"> each, a third of the first long
 * task on a throttled phone). The zod schemas stay in their own chunks: a screen builds only the
 * schemas it uses. The sign-in page's entry does not import these groups (the parts it draws, the
 * page frame's intro among them, stay out of `ui`: a group chunk it imported made a cycle).
 */
const CHUNK_GROUPS = [
  {
    // Those of the sign-in page stay with its entry (the eye of the password field, the spinner).
    name: 'icons',
    test: (id: string) =>
      /node_modules[\\/]lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/]/.test(id) &&
      !/[\\/](eye|eye-off|loader-circle)\.m?js$/.test(id),
  },
  {
    name: 'radix',
    test: /node_modules[\\/](@radix-ui|radix-ui|@floating-ui|aria-hidden|react-remove-scroll|react-remove-scroll-bar|react-style-singleton|use-callback-ref|use-sidecar|detect-node-es|get-nonce)[\\/]/,
  },
  { name: 'query', test: /node_modules[\\/]@tanstack[\\/]/ },
  {
    // Label tables and helpers of packages/shared that import no schema (nor zod), but the
    // constants, idempotency and upload limits the sign-in page's entry uses.
    name: 'labels',
    test: /packages[\\/]shared[\\/]src[\\/](attendance|billing|calculations|catalogue|dashboard|dates|display-id|hire-explanation|hire-ledger|invoices|labels|locations|materials|numbers|rental-requests|rentals|staff|staff-codes|vocabulary|weights)\.ts$/,
  },
  {
    // The screens' shared parts, but those of the sign-in page (its entry keeps them).
    name: 'ui',
    test: (id: string) =>
      /apps[\\/]web[\\/]src[\\/](components[\\/][^\\/]+\.tsx$|components[\\/]ui[\\/]|hooks[\\/])/.test(
        id,
      ) &&
      !/components[\\/](ui[\\/](button|form-field|input|label|spinner)|page-intro)\.tsx$/.test(id),
  },
].map((group) => ({ ...group, includeDependenciesRecursively: false }));

const repository = path.resolve(import.meta.dirname, '../..');

/**
 * `dist/.vite/chunks.json`: each chunk's file, the source modules it holds (relative to the
 * repository) and the chunks it imports statically, which load and run with it. Read by
 * e2e/tests/first-paint.spec.ts: the pages of the phone's verdict build no zod schema as they load
 * (decision 074). The server sends nothing under a dot-directory, and the service worker keeps
 * none of it.
 */
const chunkReport: Plugin = {
  name: 'stockyard-chunk-report',
  apply: 'build',
  generateBundle(_options, bundle) {
    const chunks = Object.values(bundle).flatMap((output) =>
      output.type === 'chunk'
        ? [
            {
              file: output.fileName,
              modules: output.moduleIds.map((id) => path.relative(repository, id)),
              imports: output.imports,
            },
          ]
        : [],
    );
    this.emitFile({
      type: 'asset',
      fileName: '.vite/chunks.json',
      source: `${JSON.stringify(chunks, null, 1)}\n`,
    });
  },
};

export default defineConfig({
  // Each file also as .br and .gz, compressed once here at their best level and sent as they are by
  // the server (@fastify/static's preCompressed), as the browser asks.
  plugins: [
    react(),
    tailwindcss(),
    installableApp,
    compression({ algorithms: ['brotliCompress', 'gzip'] }),
    chunkReport,
  ],
  resolve: { alias: { '@': path.resolve(import.meta.dirname, 'src') } },
  server: {
    proxy: {
      '/api': apiTarget,
      '/socket.io': { target: apiTarget, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    chunkSizeWarningLimit: 600,
    modulePreload: {
      resolveDependencies: (_file, deps, { hostType }) => (hostType === 'html' ? deps : []),
    },
    rolldownOptions: { output: { codeSplitting: { groups: CHUNK_GROUPS } } },
  },
});
