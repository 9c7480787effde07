import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
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

export default defineConfig({
  // Each file also as .br and .gz, compressed once here at their best level and sent as they are by
  // the server (@fastify/static's preCompressed), as the browser asks.
  plugins: [
    react(),
    tailwindcss(),
    installableApp,
    compression({ algorithms: ['brotliCompress', 'gzip'] }),
  ],
  resolve: { alias: { '@': path.resolve(import.meta.dirname, 'src') } },
  server: {
    proxy: {
      '/api': apiTarget,
      '/socket.io': { target: apiTarget, ws: true },
    },
  },
  build: { outDir: 'dist', sourcemap: false, chunkSizeWarningLimit: 600 },
});
