import type { SwaggerTransform } from '@fastify/swagger';
import { apiRule, UPLOAD_CONTENT_TYPE } from '@stockyard/shared';
import type { FastifySchema } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { uploadBody } from './upload';

/**
 * The operationId of a route of the access table, made of its method and path alone, so that it
 * lasts as long as the route does and a new route needs no name of its own:
 * `PATCH /api/users/:id/reset-password` is `patchUsersIdResetPassword`.
 */
export function operationIdOf(route: string): string {
  const [method = '', path = ''] = route.split(' ');
  const words = path
    .replace(/^\/api(?=\/|$)/, '')
    .split(/[/:-]+/)
    .filter(Boolean);
  return method.toLowerCase() + words.map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join('');
}

/**
 * How a route is written in the OpenAPI document: its zod schemas as JSON Schema (an upload's body
 * as the binary it is), its operationId, and, for a public route of the access table (signing in, health), no security requirement: the
 * document's bearer requirement covers every other route.
 */
export const documentRoute: SwaggerTransform<FastifySchema & { hide?: boolean }> = (input) => {
  const transformed = jsonSchemaTransform(input);
  const { url } = transformed;
  // An upload (lib/upload.ts) is the file's bytes, as the app sends them: a binary body of
  // application/octet-stream, not a JSON object (issue 51).
  const schema =
    input.schema?.body === uploadBody
      ? {
          ...transformed.schema,
          consumes: [UPLOAD_CONTENT_TYPE],
          body: { type: 'string', format: 'binary', description: "The file's bytes" },
        }
      : transformed.schema;
  if (input.schema?.hide) return { schema, url };
  const method = [input.route.method].flat().find((m) => m !== 'HEAD') ?? 'GET';
  const rule = apiRule(method, url);
  if (!rule) return { schema, url };
  const operationId = operationIdOf(`${method.toUpperCase()} ${url}`);
  return { schema: { ...schema, operationId, ...(rule.public ? { security: [] } : {}) }, url };
};

type DocsRequest = { url: string; headers: Record<string, string> };

/**
 * Swagger UI's request interceptor (/api/docs): requests to this server carry the web app's bearer
 * token from localStorage (TOKEN_STORAGE_KEY) unless one was given through Authorize. It runs in
 * the browser as its source, so it names nothing outside itself.
 */
export function sendAppSession<R extends { url?: unknown; headers?: unknown }>(request: R): R {
  const { url, headers } = request as unknown as DocsRequest;
  const page = globalThis as unknown as {
    localStorage: { getItem: (key: string) => string | null };
    location: { href: string; origin: string };
  };
  const token = page.localStorage.getItem('token');
  const sameOrigin = new URL(url, page.location.href).origin === page.location.origin;
  if (token && sameOrigin && !headers.Authorization) headers.Authorization = `Bearer ${token}`;
  return request;
}
