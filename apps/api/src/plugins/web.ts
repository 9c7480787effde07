import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** Serves the built web app's files; true when there is a build to serve. */
export async function registerWebApp(app: FastifyInstance, webDist: string): Promise<boolean> {
  if (!existsSync(path.join(webDist, 'index.html'))) {
    app.log.warn({ webDist }, 'web app not built: only the API is served');
    return false;
  }
  await app.register(fastifyStatic, {
    root: webDist,
    wildcard: false,
    index: ['index.html'],
    // The build writes a .br and a .gz beside each file (vite-plugin-compression2): sent as asked.
    preCompressed: true,
    // Cache-Control is ours alone (the default would send max-age=0 over it).
    cacheControl: false,
    setHeaders: (response, filePath) => {
      // Hashed names under assets/ never change; anything else (index.html, the service worker
      // sw.js, whose update the browser must see, and the manifest) is asked again.
      if (filePath.includes(`${path.sep}assets${path.sep}`)) {
        response.setHeader('cache-control', 'public, max-age=31536000, immutable');
      } else {
        response.setHeader('cache-control', 'no-cache');
      }
    },
  });
  return true;
}
